import { sql, type Kysely } from 'kysely';
import { captureTriggers } from './020-forwarding.js';
import type { EngineKind } from '../data-layer.js';
import { stockClaimsTrigger } from './030-stock-short.js';

/**
 * For a migration that adds columns to `orders` and fills them in: on a register (SQLite), the
 * fill is not a change to forward (the server fills in its own rows), so the orders' update
 * trigger is dropped first (`before`); then every capture trigger is made again with the new
 * columns, and the stock claims' after them (`after`, see 030-stock-short.ts).
 */
export const recaptureOrders = {
  async before(db: Kysely<unknown>, engine: EngineKind): Promise<void> {
    if (engine === 'sqlite') await sql.raw('DROP TRIGGER IF EXISTS forward_orders_update').execute(db);
  },
  async after(db: Kysely<unknown>, engine: EngineKind): Promise<void> {
    if (engine !== 'sqlite') return;
    await captureTriggers(db);
    await stockClaimsTrigger(db);
  },
};
