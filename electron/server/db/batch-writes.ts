import { sql, type Insertable } from 'kysely';
import type { DataLayer } from './data-layer.js';
import type { Queryable } from './query.js';
import type { Database } from './schema.js';

/** Rows a statement of a batch writes at most: the engines bound a statement's parameters (SQLite 32,766). */
export const BATCH_ROWS = 500;

/** `items` in slices of at most `size`. */
export function slices<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Inserts `rows` into `table`, BATCH_ROWS to a statement: a few round trips for thousands of rows. */
export async function insertRows<T extends keyof Database & string>(
  db: DataLayer,
  tx: Queryable,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (const part of slices(rows)) {
    // The rows are the table's own (the caller's type); Kysely's insert cannot follow a generic table name.
    await tx.run(db.builder.insertInto(table).values(part as never));
  }
}

/**
 * `CASE <key> WHEN k0 THEN CAST(v0 AS type) … END` over `values` by key: one UPDATE setting each row
 * its own value (both engines; PostgreSQL types a parameter only by the cast), as
 * `InventoryRepository` reserves a ticket's packages.
 */
export function caseOf(key: string, values: ReadonlyMap<string, string | number>, type: 'bigint' | 'text') {
  const cast = sql.raw(type);
  const whens = [...values].map(([id, value]) => sql`WHEN ${id} THEN CAST(${value} AS ${cast})`);
  return sql<never>`CASE ${sql.ref(key)} ${sql.join(whens, sql` `)} END`;
}
