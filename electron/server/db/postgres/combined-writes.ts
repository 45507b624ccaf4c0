import { nameOf, valuesOf, type WriteStep } from '../query.js';

/** A statement made of several writes, and its values. */
export interface CombinedWrite {
  sql: string;
  name: string;
  values: unknown[];
}

/** The combined SQL of each sequence of statements seen, by their names: built once per shape. */
const combined = new Map<string, { sql: string; name: string }>();

/** `sql` with its placeholders `$1…$n` moved up by `offset`; checks that it holds `n` and nothing else. */
function shifted(sql: string, count: number, offset: number): string {
  let highest = 0;
  const moved = sql.replace(/\$(\d+)/g, (_match, digits: string) => {
    highest = Math.max(highest, Number(digits));
    return `$${Number(digits) + offset}`;
  });
  if (highest !== count) throw new Error(`a write of runAll holds a "$" that is not one of its placeholders: ${sql}`);
  return moved;
}

function combine(steps: readonly WriteStep[]): { sql: string; name: string } {
  let offset = 0;
  const parts = steps.map(({ query }) => {
    if (/^\s*with\b/i.test(query.sql)) throw new Error(`a write of runAll cannot have its own WITH: ${query.sql}`);
    const part = shifted(query.sql, query.slots.length, offset);
    offset += query.slots.length;
    return part;
  });
  const last = parts.pop()!;
  const sql = parts.length === 0 ? last : `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${last}`;
  return { sql, name: nameOf(sql) };
}

/**
 * Several writes as ONE statement: all but the last become data-modifying WITH clauses of the last.
 * PostgreSQL runs each exactly once, on one snapshot, and checks foreign keys at the statement's
 * end, so an order's lines may name the order inserted beside them. The writes must not read what
 * another of them writes (none sees the others' rows). One round trip instead of one per write.
 */
export function combinedWrite(steps: readonly WriteStep[]): CombinedWrite {
  const key = steps.map((step) => step.query.name).join(',');
  let shape = combined.get(key);
  if (!shape) {
    shape = combine(steps);
    combined.set(key, shape);
  }
  return { ...shape, values: steps.flatMap((step) => valuesOf(step.query, step.params)) };
}
