import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import { FORWARD_TABLES } from './forward-tables.js';

const keyOf = (record: ForwardRecord): string | null => {
  const table = FORWARD_TABLES[record.table];
  if (!table || table.apply !== 'upsert') return null;
  return `${record.table}:${JSON.stringify(table.key.map((column) => record.row[column] ?? null))}`;
};

/**
 * A batch with the same outcome on the server in fewer changes: a row changed several times keeps
 * its first state (where it first appears, so every row that refers to it comes after it) and its
 * last; each state between would be replaced anyway, whichever of them the server has already
 * applied. A row deleted in the batch keeps every state, in order. Stock changes are deltas, never
 * states: each is kept (the server adds a batch's up in its one transaction).
 */
export function coalesce(records: readonly ForwardRecord[]): ForwardRecord[] {
  const deleted = new Set<string>();
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  const keys = records.map(keyOf);
  keys.forEach((key, i) => {
    if (key === null) return;
    if (records[i]!.op === 'delete') deleted.add(key);
    if (!first.has(key)) first.set(key, i);
    last.set(key, i);
  });
  return records.flatMap((record, i) => {
    const key = keys[i]!;
    if (key === null || deleted.has(key) || first.get(key) === i) return [record];
    if (last.get(key) !== i) return [];
    // The last state is applied over the first (the states between are left out): its version.
    const over = records[first.get(key)!]!.row.updated_at;
    return [record.base !== undefined && typeof over === 'string' ? { ...record, base: over } : record];
  });
}
