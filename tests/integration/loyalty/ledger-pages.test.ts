import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerLoyalty } from '../../../shared/contracts/loyalty.js';
import { DEMO } from '../../../electron/server/demo/load-demo.js';
import { LoyaltyLedger } from '../../../electron/server/loyalty/loyalty-ledger.js';
import { demoService, type DemoService } from '../support/demo-service.js';
import { as, loyaltyStore, STORE } from './loyalty-store.js';

// A customer's points ledger pages newest first (README "Loyalty"): `nextCursor` is bound to the
// customer's ledger at the store, as every list's cursor is to its list and filters
// (electron/server/db/list-cursor.ts), so one sent for another customer is refused in words rather
// than read as a place in their ledger. An entry's own id, as clients paged before, still pages the
// ledger it is an entry of, and only that one.
let service: DemoService;
let store: Awaited<ReturnType<typeof loyaltyStore>>;
let maria: string;
let ana: string;
/** Maria's entries, newest first. */
let marias: string[];

const OTHER_FILTERS = 'before belongs to a list with other filters: start again from the first page';
const NOT_HERS = "before names no entry of this customer's points ledger: start again from the first page";

/** `count` adjustments of the customer's points, written as the command line writes them. */
async function entries(customerId: string, count: number) {
  const { db } = service.app.ctx;
  for (let n = 1; n <= count; n += 1) {
    await db.write((tx) =>
      new LoyaltyLedger(db).add(tx, {
        dispensaryId: DEMO.dispensaryId,
        customerId,
        orderId: null,
        kind: 'adjusted',
        points: n * 10,
        note: `Entry ${n}`,
        actor: 'operator',
        at: new Date().toISOString(),
      }),
    );
  }
}

/** The customer's ledger read with `query`: the answer's status and body. */
async function ledger(customerId: string, query: string) {
  const answer = await service.request({
    method: 'GET',
    url: `${STORE}/customers/${customerId}/loyalty?${query}`,
    headers: as(store.register),
  });
  return { status: answer.statusCode, body: answer.json<{ loyalty: CustomerLoyalty; resultDetail?: string }>() };
}

/** A page that is read: its entries' ids, and its cursor. */
async function page(customerId: string, query: string): Promise<{ ids: string[]; next: string | null }> {
  const { status, body } = await ledger(customerId, query);
  expect(status, JSON.stringify(body)).toBe(200);
  const { entries, more, nextCursor } = body.loyalty;
  expect(more).toBe(nextCursor !== null);
  return { ids: entries.map((entry) => entry.id), next: nextCursor };
}

const refusal = async (customerId: string, query: string) => {
  const { status, body } = await ledger(customerId, query);
  return [status, body.resultDetail];
};

beforeAll(async () => {
  service = await demoService();
  store = await loyaltyStore(service, { enabled: true, pointsPerDollar: 1, pointsPerRewardDollar: 100 });
  maria = (await store.newCustomer('Maria', 'Garcia', 9_100_000)).id;
  ana = (await store.newCustomer('Ana', 'Ruiz', 9_200_000)).id;
  await entries(maria, 5);
  await entries(ana, 3);
  marias = (await page(maria, 'limit=200')).ids;
  expect(marias).toHaveLength(5);
});
afterAll(() => service.close());

describe("the points ledger's pages", () => {
  it('pages through every entry of the ledger exactly once, newest first, whatever the page size', async () => {
    for (const limit of [1, 2, 4, 5]) {
      const ids: string[] = [];
      let next: string | null = null;
      do {
        const read: { ids: string[]; next: string | null } = await page(
          maria,
          `limit=${limit}${next ? `&before=${encodeURIComponent(next)}` : ''}`,
        );
        expect(read.ids.length).toBeLessThanOrEqual(limit);
        ids.push(...read.ids);
        next = read.next;
      } while (next);
      expect([limit, ids]).toEqual([limit, marias]);
    }
  });

  it("refuses a cursor of another customer's ledger, or of another list, in words", async () => {
    const { next } = await page(maria, 'limit=2');
    expect(next).not.toBeNull();
    expect(await refusal(ana, `limit=2&before=${next}`)).toEqual([400, OTHER_FILTERS]);
    // As issued, it still pages Maria's.
    expect((await page(maria, `limit=2&before=${next}`)).ids).toEqual(marias.slice(2, 4));
    const customers = await service.request({
      method: 'GET',
      url: `${STORE}/customers?limit=1`,
      headers: as(store.register),
    });
    const { nextCursor } = customers.json<{ nextCursor: string | null }>();
    expect(nextCursor).not.toBeNull();
    const notIssued = 'before is not a nextCursor this service issued: start again from the first page';
    // The customers list's cursor names a place of another shape: no ledger's cursor at all.
    expect(await refusal(maria, `before=${nextCursor}`)).toEqual([400, notIssued]);
    expect(await refusal(maria, 'before=page-2')).toEqual([400, notIssued]);
  });

  it("still reads an entry's id, as clients paged before, only in the ledger it is an entry of", async () => {
    expect((await page(maria, `limit=2&before=${marias[1]}`)).ids).toEqual(marias.slice(2, 4));
    expect(await refusal(ana, `limit=2&before=${marias[1]}`)).toEqual([400, NOT_HERS]);
    expect(await refusal(maria, 'before=0190a6b2-0000-7000-8000-000000000000')).toEqual([400, NOT_HERS]);
  });

  it("answers a manager's adjustment with the first page and its cursor", async () => {
    const added = await service.request({
      method: 'POST',
      url: `${STORE}/customers/${ana}/loyalty/adjustments`,
      headers: as(store.manager),
      payload: { points: 5, reason: 'Welcome bonus' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const first = added.json<{ loyalty: CustomerLoyalty }>().loyalty;
    expect([first.entries.length, first.more, first.nextCursor]).toEqual([4, false, null]);
    const read = await page(ana, 'limit=3');
    expect((await page(ana, `limit=3&before=${read.next}`)).ids).toEqual([first.entries[3]!.id]);
  });
});
