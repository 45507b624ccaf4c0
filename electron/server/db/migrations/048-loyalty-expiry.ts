import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.js';
import { recaptureOrders } from './recapture.js';

/** The kinds migration 45 allowed, as SQLite keeps the check's text, and the kinds from now on. */
const KINDS_45 = /check \(kind IN \('earned', 'reversed', 'spent', 'returned', 'adjusted'\)\)/;
const KINDS = `kind IN ('earned', 'reversed', 'spent', 'returned', 'adjusted', 'expired')`;

/**
 * SQLite cannot change a check: the table is made again with the new one (SQLite's own procedure,
 * run with foreign keys off by the migrator: `rebuildsTables`), every row copied as it is, then its
 * indexes made again. Dropping the table dropped a register's capture triggers on it: the caller
 * makes them again.
 */
async function rebuildLedgerWithExpired(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'loyalty_ledger'`.execute(db);
  const definition = rows[0]?.sql ?? '';
  if (!KINDS_45.test(definition)) {
    throw new Error(
      "the loyalty_ledger table is not as migration 45 left it: its check of the entries' kinds was not found",
    );
  }
  const rebuilt = definition
    .replace(KINDS_45, `check (${KINDS})`)
    .replace(/^CREATE TABLE "loyalty_ledger"/, 'CREATE TABLE "loyalty_ledger_rebuilt"');
  await sql.raw(rebuilt).execute(db);
  await sql`INSERT INTO loyalty_ledger_rebuilt SELECT * FROM loyalty_ledger`.execute(db);
  await sql`DROP TABLE loyalty_ledger`.execute(db);
  await sql`ALTER TABLE loyalty_ledger_rebuilt RENAME TO loyalty_ledger`.execute(db);
  await ledgerIndexes(db);
}

/** Migration 45's indexes of the ledger. */
async function ledgerIndexes(db: Kysely<unknown>): Promise<void> {
  const { schema } = db;
  await schema
    .createIndex('loyalty_ledger_customer')
    .on('loyalty_ledger')
    .columns(['customer_id', 'created_at'])
    .execute();
  await schema
    .createIndex('loyalty_ledger_store')
    .on('loyalty_ledger')
    .columns(['dispensary_id', 'created_at'])
    .execute();
  await schema.createIndex('loyalty_ledger_order').on('loyalty_ledger').columns(['order_id']).execute();
}

/**
 * Migration 48: points expiring (issue 31; README "Loyalty"; shared/loyalty/expiry.ts). The ledger
 * takes entries of kind `expired`: a customer's whole balance, taken off by the service once the
 * programme's `expiryMonths` (JSON in `dispensaries.loyalty`: no column) passed without a visit. On
 * PostgreSQL the check is dropped and added again; on SQLite the table is rebuilt, and a register's
 * capture triggers are made again so its entries are still forwarded.
 */
export const loyaltyExpiry: Migration = {
  version: 48,
  name: 'loyalty-expiry',
  rebuildsTables: true,
  async up({ db, engine }) {
    if (engine === 'sqlite') {
      await rebuildLedgerWithExpired(db);
      await recaptureOrders.after(db, engine);
      return;
    }
    await sql`ALTER TABLE loyalty_ledger DROP CONSTRAINT loyalty_ledger_kind_check`.execute(db);
    await sql.raw(`ALTER TABLE loyalty_ledger ADD CONSTRAINT loyalty_ledger_kind_check CHECK (${KINDS})`).execute(db);
  },
};
