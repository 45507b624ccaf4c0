import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { emailKey } from '../../../electron/server/customers/customer-keys.js';
import { customerWithEmail, customerWithPhone } from '../../../electron/server/customers/customers-repository.js';
import { postgresDialect } from '../../../electron/server/db/dialects/postgres.js';
import { sqliteDialect } from '../../../electron/server/db/dialects/sqlite.js';
import type { Builder } from '../../../electron/server/db/query.js';
import { MigrationDatabase } from '../../support/migration-database.js';
import { TEST_ENGINE } from '../../support/test-database.js';

// Migration 74 indexes a store's customers by their email in any case: the refusal of an email
// another customer has (checked on every save) reads the index, not every customer of the store.
// Not unique: customers who shared an email before the one-person-one-profile rule keep it. The
// email's lookup and the phone's put their holders in order by time without its index, or SQLite
// (no statistics) walked the store's customers by `customers_created` whatever index they had.
const m = new MigrationDatabase();
afterEach(() => m.close());

const STORED = [
  { id: 'c1', email: 'Maria.Garcia@Example.com', created_at: '2026-01-05T18:00:00.000Z' },
  { id: 'c2', email: 'maria.garcia@example.COM', created_at: '2026-02-05T18:00:00.000Z' },
  { id: 'c3', email: 'jo@example.com', created_at: '2026-03-05T18:00:00.000Z' },
  { id: 'c4', email: null, created_at: '2026-04-05T18:00:00.000Z' },
];

const customers = async () =>
  (await sql`SELECT id, email, created_at FROM customers ORDER BY id`.execute(m.db)).rows as typeof STORED;

/** More customers of the store, each with their own phone and email; PostgreSQL's statistics taken of them. */
async function aStoreOfCustomers(count: number): Promise<void> {
  for (let n = 0; n < count; n += 1) {
    const id = `n${String(n).padStart(4, '0')}`;
    const contact = { phone: `916555${String(n).padStart(4, '0')}`, email: `${id}@example.com` };
    await m.insert('customers', { id, organization_id: 'org', dispensary_id: 'shop', id_number: `D${id}`, ...contact });
  }
  // A store server's autovacuum analyzes the table; a register's SQLite keeps no statistics.
  if (TEST_ENGINE === 'postgres') await sql`ANALYZE customers`.execute(m.db);
}

describe(`migration 74 on ${TEST_ENGINE}`, () => {
  it("keeps customers who share an email, and finds an email's holder through the new index", async () => {
    await m.open();
    await m.migrated(73);
    await m.store();
    for (const row of STORED) {
      await m.insert('customers', { ...row, organization_id: 'org', dispensary_id: 'shop', id_number: `D${row.id}` });
    }
    expect(await m.indexes('customers')).not.toContain('customers_email_key');

    await m.migrated(74);

    expect(await customers()).toEqual(STORED);
    expect(await m.indexes('customers')).toContain('customers_email_key');
    // The repository's lookups, as a save runs them: the first-added holder other than the one saved.
    const k = m.db as unknown as Builder;
    const dialect = TEST_ENGINE === 'sqlite' ? sqliteDialect : postgresDialect;
    const holder = (email: string, except = '') =>
      customerWithEmail(k, dialect, { dispensaryId: 'shop', email: emailKey(email), except });
    expect((await holder(' MARIA.garcia@example.com ').execute()).map((row) => row.id)).toEqual(['c1']);
    expect((await holder('maria.garcia@example.com', 'c1').execute()).map((row) => row.id)).toEqual(['c2']);
    expect(await holder('jo@example.co').execute()).toEqual([]);

    await aStoreOfCustomers(300);
    const byEmail = await m.plan(holder('Jo@Example.com', 'c3').compile());
    const byPhone = await m.plan(
      customerWithPhone(k, dialect, { dispensaryId: 'shop', phone: '9165550007', except: '' }).compile(),
    );
    if (TEST_ENGINE === 'sqlite') {
      expect(byEmail).toMatch(/SEARCH customers USING INDEX customers_email_key \(dispensary_id=\? AND <expr>=\?\)/);
      expect(byPhone).toMatch(/SEARCH customers USING INDEX customers_phone \(dispensary_id=\? AND phone=\?\)/);
    } else {
      expect(byEmail).toMatch(/Index Scan using customers_email_key on customers/);
      expect(byPhone).toMatch(/Index Scan using customers_phone on customers/);
    }
    expect(`${byEmail}\n${byPhone}`).not.toMatch(/customers_created|SCAN customers\b|Seq Scan/);
  });
});
