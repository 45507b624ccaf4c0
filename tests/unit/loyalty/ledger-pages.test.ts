import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openSqlite } from '../../../electron/server/db/sqlite/sqlite-data-layer.js';
import { DispensaryRepository } from '../../../electron/server/dispensaries/dispensary-repository.js';
import { OrganizationRepository } from '../../../electron/server/dispensaries/organization-repository.js';
import { LedgerPages, type LedgerOf } from '../../../electron/server/loyalty/ledger-pages.js';
import { LoyaltyLedger } from '../../../electron/server/loyalty/loyalty-ledger.js';
import { ServicePayError } from '../../../shared/errors.js';
import { newDispensary, NOW } from '../../fixtures/catalog/test-store.js';

// Where a page of a customer's points ledger continues (electron/server/loyalty/ledger-pages.ts): a
// cursor is bound to the customer's ledger at the store; an entry's own id, as clients sent before
// cursors, is read only in the ledger it is an entry of. A real SQLite database in memory.
let db: DataLayer;
let pages: LedgerPages;
let maria: LedgerOf;
let ana: LedgerOf;
let elsewhere: LedgerOf;
/** Maria's one entry. */
let entryId: string;

beforeAll(async () => {
  db = await openSqlite(':memory:');
  const org = (await db.write((tx) => new OrganizationRepository(db).create(tx, 'Org', NOW))).id;
  const stores = new DispensaryRepository(db);
  const add = (shortName: string) => db.write((tx) => stores.create(tx, newDispensary(org, { shortName }), NOW));
  const [one, two] = [await add('one-shop'), await add('two-shop')];
  maria = { dispensaryId: one.id, customerId: 'maria' };
  ana = { dispensaryId: one.id, customerId: 'ana' };
  elsewhere = { dispensaryId: two.id, customerId: 'maria' };
  const ledger = new LoyaltyLedger(db);
  await db.write((tx) =>
    ledger.add(tx, {
      ...maria,
      orderId: null,
      kind: 'adjusted',
      points: 100,
      note: 'Welcome bonus',
      actor: 'operator',
      at: NOW.toISOString(),
    }),
  );
  const row = await db.first(db.builder.selectFrom('loyalty_ledger').select('id'));
  entryId = row!.id;
  pages = new LedgerPages(db);
});
afterAll(() => db.close());

/** Why `before` is refused for `ledger`, in words. */
async function refused(ledger: LedgerOf, before: string): Promise<string> {
  const error = await pages.after(db, ledger, before).then(
    () => new Error('expected a refusal'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ServicePayError)) throw error;
  expect([error.code, error.field]).toEqual(['INVALID_INPUT', 'before']);
  return error.message;
}

describe("a points ledger's cursor", () => {
  it("names the entry a page ends with, in that customer's ledger at that store only", async () => {
    const cursor = pages.cursor(maria, entryId);
    expect(cursor).not.toContain(entryId);
    expect(await pages.after(db, maria, cursor)).toBe(entryId);
    const words = 'before belongs to a list with other filters: start again from the first page';
    expect(await refused(ana, cursor)).toBe(words);
    expect(await refused(elsewhere, cursor)).toBe(words);
  });

  it("reads an entry's own id only in the ledger it is an entry of", async () => {
    expect(await pages.after(db, maria, entryId)).toBe(entryId);
    const words = "before names no entry of this customer's points ledger: start again from the first page";
    expect(await refused(ana, entryId)).toBe(words);
    expect(await refused(elsewhere, entryId)).toBe(words);
    expect(await refused(maria, '0190a6b2-0000-7000-8000-000000000000')).toBe(words);
  });

  it('refuses text that is neither, in words', async () => {
    expect(await refused(maria, 'page-2')).toBe(
      'before is not a nextCursor this service issued: start again from the first page',
    );
  });
});
