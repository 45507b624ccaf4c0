import { sql } from 'kysely';
import type { EngineKind } from '../data-layer.js';
import type { Migration } from './migration.js';

/**
 * An email as emails are compared (`emailKey`, the dialects' `asciiLower`): ASCII letters in lower
 * case, every other character as it is, on SQLite and on PostgreSQL under the "C" collation alike.
 */
const KEY_OF: Record<EngineKind, string> = {
  sqlite: 'lower(email)',
  postgres: 'lower(email COLLATE "C")',
};

/**
 * Migration 74: a store's customers by their email in any case (README "Customers": one profile per
 * person). `customers_email_key` serves the refusal of an email another customer of the store has
 * (customers-repository `withEmail`), looked up on every save that gives a customer an email: without
 * it each one read every customer of the store.
 *
 * Not unique, on purpose: a store may hold customers who shared an email from before the
 * one-person-one-profile rule (or whose emails differ only in case), and a unique index would fail
 * the migration on them, or make it choose whose email to take away, which only the store can
 * decide. Each keeps theirs and can still be changed without giving it up (one-person.ts). No new
 * pair can be made: adding or changing a customer refuses an email another has in any case, under
 * the store's row lock (PostgreSQL) or SQLite's one writer.
 */
export const customerEmailKey: Migration = {
  version: 74,
  name: 'customer-email-key',
  async up({ db, engine }) {
    await sql.raw(`CREATE INDEX customers_email_key ON customers (dispensary_id, ${KEY_OF[engine]})`).execute(db);
  },
};
