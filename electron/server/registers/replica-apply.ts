import { sql } from 'kysely';
import { ServicePayError } from '../../../shared/errors.js';
import type { Builder, Queryable } from '../db/query.js';
import { REPLICA_TABLES, untyped, type ReplicaRow, type ReplicaScope, type ReplicaTable } from './replica-tables.js';
import type { ReplicaTables } from './replica-snapshot.js';

/** Rows per insert: well under SQLite's bound-parameter limit for the widest table. */
const CHUNK = 200;

/** How many rows of each table a refresh wrote and deleted. */
export type ReplicaCounts = Record<string, { written: number; deleted: number }>;

const keyOf = (table: ReplicaTable, row: ReplicaRow) => JSON.stringify(table.key.map((column) => row[column]));

/** The scope of a replica: its store row names its organization and address. */
export function scopeOfReplica(tables: ReplicaTables, dispensaryId: string): ReplicaScope {
  const store = tables.dispensaries?.find((row) => row.id === dispensaryId);
  if (!store) throw new ServicePayError('UNAVAILABLE', `the server's answer holds no store ${dispensaryId}`);
  return {
    organizationId: String(store.organization_id),
    dispensaryId,
    addressId: Number(store.address_id),
  };
}

/** A unique constraint other than the key refused the row (SQLite's words: the register is SQLite). */
const clashed = (error: unknown) => /UNIQUE constraint failed/.test((error as Error).message);

/** The greater of the register's value of `column` and the server's (SQLite's two-argument max). */
const greater = (table: string, column: string) =>
  sql`max(${sql.ref(`${table}.${column}`)}, ${sql.ref(`excluded.${column}`)})`;

async function upsert(tx: Queryable, k: Builder, table: ReplicaTable, rows: readonly ReplicaRow[]): Promise<void> {
  const columns = Object.keys(rows[0]!);
  const replaced = columns.filter((column) => !table.key.includes(column) && !table.own?.includes(column));
  const write = (chunk: Record<string, unknown>[]) =>
    tx.run(
      untyped(k)
        .insertInto(table.name)
        .values(chunk)
        .onConflict((conflict) =>
          replaced.length === 0
            ? conflict.columns([...table.key]).doNothing()
            : conflict
                .columns([...table.key])
                .doUpdateSet((e) =>
                  Object.fromEntries(
                    replaced.map((c) => [c, c === table.greatest ? greater(table.name, c) : e.ref(`excluded.${c}`)]),
                  ),
                ),
        ),
    );
  for (let at = 0; at < rows.length; at += CHUNK) {
    const chunk = rows.slice(at, at + CHUNK).map((row) => Object.fromEntries(columns.map((c) => [c, row[c] ?? null])));
    if (!table.yieldToOwn) {
      await write(chunk);
      continue;
    }
    // Row by row: a failed statement rolls back alone (SQLite), and the clash is passed over.
    for (const row of chunk) {
      await write([row]).catch((error: unknown) => {
        if (!clashed(error)) throw error;
      });
    }
  }
}

async function deleteMissing(
  tx: Queryable,
  k: Builder,
  table: ReplicaTable,
  rows: readonly ReplicaRow[],
  scope: ReplicaScope,
): Promise<number> {
  const kept = new Set(rows.map((row) => keyOf(table, row)));
  const local = await tx.all(table.rows(untyped(k), scope));
  const gone = local.filter((row) => !kept.has(keyOf(table, row)));
  for (const row of gone) {
    let query = untyped(k).deleteFrom(table.name);
    for (const column of table.key) query = query.where(column, '=', row[column]!);
    await tx.run(query);
  }
  return gone.length;
}

/**
 * Writes a store's replica from its server into the register's database, in the caller's one
 * transaction: every row replaces the register's row of the same key (but for the columns that
 * are the register's own), parents before children, and rows the server no longer has go from the
 * tables nothing refers to.
 */
export async function applyReplica(tx: Queryable, k: Builder, tables: ReplicaTables, scope: ReplicaScope) {
  const counts: ReplicaCounts = {};
  for (const table of REPLICA_TABLES) {
    const rows = tables[table.name] ?? [];
    if (rows.length > 0) await upsert(tx, k, table, rows);
    const deleted = table.deleteMissing ? await deleteMissing(tx, k, table, rows, scope) : 0;
    counts[table.name] = { written: rows.length, deleted };
  }
  return counts;
}
