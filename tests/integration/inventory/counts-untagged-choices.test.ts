import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { FailureBody } from '../../../shared/errors.js';
import { storeStamp } from '../../../shared/store-time.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { countCalls, countOf, countRows, lineOf } from './support/count-fixtures.js';

// A product with two packages without a state tag (README "Inventory counts"): stock added by hand
// to the one it was made with, and a delivery received with a tag that a manager then cleared. Its
// SKU names both: the refusal names them in words a counter holding one can tell apart (where it
// is, when its stock came in; never what it holds, which the count is to find), and gives each one's id
// to enter it by.
let h: SetupHarness;
let api: ReturnType<typeof countCalls>;
beforeAll(async () => {
  h = await setupHarness();
  api = countCalls(h);
});
afterAll(() => h.close());

const TAG = '1A4FF0100000022000000888';
const manager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');

/** When a package's stock came in, in the demo store's time: the moment kept in `table`. */
async function stamped(table: 'receipts' | 'stock_adjustments'): Promise<string> {
  const { db } = h.app.ctx;
  const row = await db.first(db.builder.selectFrom(table).select('at').orderBy('at', 'desc').limit(1));
  const store = await db.first(
    db.builder.selectFrom('dispensaries').select('timezone').where('short_name', '=', 'demo'),
  );
  return storeStamp(row!.at, store!.timezone);
}

/** Glass Stash Jar (JAR-010): 8 added by hand to the package it was made with, then 12 received with a tag, cleared. */
async function twoUntaggedJars() {
  const { product } = ok<{ product: ProductView }>(
    await manager('POST', '/products', {
      sku: 'JAR-010',
      name: 'Glass Stash Jar',
      type: 'accessory',
      priceCents: 900,
      taxClass: 'cannabis',
    }),
  );
  ok(await manager('POST', '/inventory/adjustments', { package: product.packageId, delta: 8, reason: 'count' }));
  const added = await stamped('stock_adjustments');
  const manifest = [
    '# Manifest: 0004518888',
    '# Shipper licence: C11-0000123-LIC',
    'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price',
    `${TAG},Glass Stash Jar,12,Each,$48.00`,
  ].join('\n');
  const receipt = {
    format: 'csv',
    text: manifest,
    room: 'Sales floor',
    packages: [{ label: TAG, productId: 'JAR-010' }],
  };
  ok(await manager('POST', '/inventory/receipts', receipt));
  const received = await stamped('receipts');
  // Dated, the delivery sells next: the product's form edits its tag, which the manager clears.
  ok(await manager('PATCH', `/inventory/packages/${TAG}`, { expiresOn: '2030-01-31' }));
  const cleared = ok<{ product: ProductView }>(await manager('PATCH', '/products/JAR-010', { packageLabel: '' }));
  expect(cleared.product.packageId).not.toBe(product.packageId);
  return { byHand: product.packageId, delivered: cleared.product.packageId, added, received };
}

describe('a count of a product with two packages without a state tag', () => {
  it('refuses its SKU naming each package in words, with their ids in the details, and enters the one picked', async () => {
    const jars = await twoUntaggedJars();
    countOf(await api.start({ categories: ['accessory'] }));
    const kept = await countRows(h);
    const refusal = await api.enter(1, { package: 'jar-010', quantity: 11 });
    expect(refusal.statusCode, refusal.body).toBe(409);
    const body = refusal.json<FailureBody>();
    const byHand = `Glass Stash Jar (JAR-010) on the sales floor, stocked by an adjustment on ${jars.added}`;
    const delivered = `Glass Stash Jar (JAR-010) on the sales floor, received on ${jars.received}`;
    expect(body).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail:
        `jar-010 names 2 packages without a state tag in count 1 "Count of Accessories": ${byHand}; ${delivered}. ` +
        'Pick the one you counted: the Counts screen of the back office offers them, and this ' +
        "refusal's details give each one's package id to enter it by",
      details: {
        choices: [
          { id: jars.byHand, words: byHand },
          { id: jars.delivered, words: delivered },
        ],
      },
    });
    expect(body.resultDetail).not.toContain(jars.byHand);
    expect(body.resultDetail).not.toContain(jars.delivered);
    expect(await countRows(h)).toEqual(kept);
    // The one picked is entered by its id, and the other is left as it was.
    expect(lineOf(await api.enter(1, { package: jars.delivered, quantity: 11 }))).toMatchObject({
      packageId: jars.delivered,
      productName: 'Glass Stash Jar',
      counted: 11,
      expected: 12,
      difference: -1,
    });
  });

  it('tells packages of a weighed product apart by room, never by what they hold, two alike by order', async () => {
    const { db } = h.app.ctx;
    const { product } = ok<{ product: ProductView }>(await manager('GET', '/products/DEL-001'));
    const deli = await db.first(db.builder.selectFrom('packages').selectAll().where('id', '=', product.packageId));
    // The deli flower's tag cleared, and a second untagged package of it in the Vault (as an import leaves one).
    const vault = await db.first(db.builder.selectFrom('rooms').select('id').where('name', '=', 'Vault'));
    await db.write(async (tx) => {
      await tx.run(db.builder.updateTable('packages').set({ label: '' }).where('id', '=', deli!.id));
      await tx.run(
        db.builder
          .insertInto('packages')
          .values({ ...deli!, id: `${deli!.id}-vault`, label: '', room_id: vault!.id, on_hand_milli: 28_350 }),
      );
      await tx.run(
        db.builder
          .insertInto('packages')
          .values({ ...deli!, id: `${deli!.id}-vault-2`, label: '', room_id: vault!.id, on_hand_milli: 14_000 }),
      );
    });
    countOf(await api.start({ categories: ['flower'] }));
    const body = (await api.enter(2, { package: 'DEL-001', quantity: 28.35 })).json<FailureBody>();
    expect(body.details?.choices?.map((choice) => choice.words)).toEqual([
      'Granddaddy Purple (by the gram) (DEL-001) on the sales floor',
      // Two alike (none of their stock came in by a delivery, an import or an adjustment): told apart by order.
      'Granddaddy Purple (by the gram) (DEL-001) in the Vault (1 of 2 alike)',
      'Granddaddy Purple (by the gram) (DEL-001) in the Vault (2 of 2 alike)',
    ]);
  });
});
