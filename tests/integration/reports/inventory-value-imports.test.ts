import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryValueReport } from '../../../shared/contracts/reports.js';
import type { ImportReport } from '../../../shared/contracts/setup-people.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { login } from '../support/demo-service.js';

// The inventory value at a past day (README "Reports") puts back the stock a catalog import set
// after it, as it puts back adjustments, deliveries and sales: a new product's quantityOnHand and
// a count an import changed are movements on the import's store day.
// The clock is noon, June 15, 2026 in the store's zone (Los Angeles, PDT): the import is made on the
// day the test reads as today, whenever it runs (never across the store's midnight). The store was
// set up two days before, so its records reach back to yesterday.
const SET_UP = Date.parse('2026-06-13T19:00:00Z');
const NOW = Date.parse('2026-06-15T19:00:00Z');
let clock = SET_UP;
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness({ now: () => new Date(clock) });
  clock = NOW;
  // Two days on, the manager signs in again (a sign-in lasts hours, not days).
  h.tokens.manager = await login(h.app, 'manager', 'manager-demo-1');
});
afterAll(() => h.close());

const HEADER = 'sku,type,subtype,brand,name,size,weight,unitType,price,taxClass,quantityOnHand,packageLabel';
const today = '2026-06-15';
const yesterday = '2026-06-14';

const valueAt = async (day: string) => {
  const answer = await h.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/reports/inventory-value?from=${day}&to=${day}`,
    headers: { authorization: `Bearer ${h.tokens.manager}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<InventoryValueReport>().total;
};

describe('the inventory value at a past day, after a catalog import', () => {
  it('leaves out the stock the import set later: new products’ and counts it changed', async () => {
    const before = await valueAt(yesterday);
    const now = await valueAt(today);
    const rows = [
      'CAT-001,Accessory,Grinder,Stash Supply,Test Grinder,1 unit,1,each,30.00,non-cannabis,20,',
      'CAT-002,Accessory,Papers,Stash Supply,Test Papers,1 pack,1,each,15.50,non-cannabis,12,',
      // 40 in the demo: 10 more set by the file.
      'ACC-004,Accessory,Battery,Cloud Nine Labs,510 Thread Battery,1 unit,1,each,15.00,non-cannabis,50,',
    ];
    const report = ok<ImportReport>(
      await h.call(
        h.tokens.manager,
        'POST',
        '/catalog/import',
        {
          fileName: 'new.csv',
          text: `${HEADER}\n${rows.join('\n')}\n`,
        },
        'demo',
      ),
    );
    expect(report).toMatchObject({ imported: true, created: 2, updated: 1 });

    // Today: the file's stock is on hand: $600.00 + $186.00 + $150.00 at price, 42 more units.
    const after = await valueAt(today);
    expect(after.retailCents - now.retailCents).toBe(20 * 3000 + 12 * 1550 + 10 * 1500);
    expect(after.quantityMilli - now.quantityMilli).toBe(42_000);
    expect(after.products - now.products).toBe(2);
    // Yesterday: as it was then, none of it.
    expect(await valueAt(yesterday)).toEqual(before);
  });
});
