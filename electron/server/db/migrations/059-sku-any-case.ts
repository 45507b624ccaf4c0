import { sql } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { Migration } from './migration.js';

/**
 * A SKU as SKUs are compared (the dialects' `asciiLower` says the same): ASCII letters in
 * lower case, every other character as it is. PostgreSQL's `lower` under the "C" collation changes
 * ASCII letters only, as SQLite's does, whatever the database's locale.
 */
const KEY_OF: Record<EngineKind, string> = {
  sqlite: 'lower(sku)',
  postgres: 'lower(sku COLLATE "C")',
};

/**
 * Migration 59: a store's SKU is one code whatever its case (README "Catalog files", "Products").
 * `products_dispensary_sku_key`: the store's products by their SKU in any case, for every lookup by
 * SKU (a product named by its SKU, the import's matching, the refusal of a SKU another product has).
 *
 * Not unique, on purpose: a store may already hold two products whose SKUs differ only in case
 * ("flw-001" and "FLW-001", allowed before), and a unique index would fail the migration on them —
 * or the migration would have to rename or merge one, which only the store's manager can decide
 * (orders, counts and the state's records name each). So both are kept as they are, each still found
 * by its SKU as written; a SKU in a third spelling names neither and says so. No new pair can be
 * made: the product form, the import, receiving's new products and copies refuse a SKU another
 * product of the store has in any case, under the store's row lock (PostgreSQL) or SQLite's one
 * writer. `products_dispensary_sku` (migration 1) stays: the same SKU twice, in one case, is still
 * refused by the database itself.
 */
export const skuAnyCase: Migration = {
  version: 59,
  name: 'sku-any-case',
  async up({ db, engine }) {
    await sql
      .raw(`CREATE INDEX products_dispensary_sku_key ON products (dispensary_id, ${KEY_OF[engine]})`)
      .execute(db);
  },
};
