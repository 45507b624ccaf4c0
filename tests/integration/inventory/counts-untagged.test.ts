import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { PackageView } from '../../../shared/contracts/rooms.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { refusedWith } from './support/adjustment-fixtures.js';
import { countCalls, countOf, countRows, lineOf, reportOf } from './support/count-fixtures.js';

// Packages without a state tag in a count (README "Inventory counts"): the demo's accessories and a
// product added by hand, entered by their product's SKU or barcode as a scanner reads it; the
// refusals say what can be typed; and a hand-added product's empty placeholder, once a package of it
// is received, is no longer listed as a package to count (it stays, with its history).
let h: SetupHarness;
let api: ReturnType<typeof countCalls>;
beforeAll(async () => {
  h = await setupHarness();
  api = countCalls(h);
});
afterAll(() => h.close());

const manager = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const productOf = async (sku: string) => ok<{ product: ProductView }>(await manager('GET', `/products/${sku}`)).product;
const packagesOf = async (sku: string) =>
  ok<{ packages: PackageView[] }>(await manager('GET', `/products/${sku}/packages`)).packages;
const addProduct = async (sku: string, name: string) =>
  ok<{ product: ProductView }>(
    await manager('POST', '/products', { sku, name, type: 'flower', priceCents: 3000, taxClass: 'cannabis' }),
  ).product;

describe('a count of packages without a state tag', () => {
  it('enters an accessory by its SKU, in any case, or by its barcode', async () => {
    expect(countOf(await api.start({ categories: ['accessory'] }))).toMatchObject({
      number: 1,
      name: 'Count of Accessories',
    });
    const before = reportOf(await api.show(1));
    expect(before.lines).toHaveLength(6);
    expect(before.lines.every((line) => line.packageLabel === '')).toBe(true);
    const battery = before.lines.find((line) => line.sku === 'ACC-004')!;
    const bySku = lineOf(await api.enter(1, { package: ' acc-004 ', quantity: battery.onHand - 1 }));
    expect(bySku).toMatchObject({
      packageId: battery.packageId,
      productName: '510 Thread Battery',
      counted: battery.onHand - 1,
      expected: battery.onHand,
      difference: -1,
    });
    const grinder = await productOf('ACC-003');
    const byBarcode = lineOf(await api.enter(1, { package: grinder.barcodes[0], quantity: 25 }));
    expect(byBarcode).toMatchObject({ packageId: grinder.packageId, productName: 'Aluminium Grinder 4-Piece' });
    expect(reportOf(await api.show(1)).totals).toMatchObject({ packages: 6, counted: 2, notCounted: 4 });
  });

  it('refuses a code no package or product has, or a product with no untagged package in the count, saying what to type', async () => {
    const kept = await countRows(h);
    refusedWith(
      await api.enter(1, { package: 'ZZZ-404', quantity: 1 }),
      404,
      'NOT_FOUND',
      /^no package of Green Valley Dispensary has the id or state tag ZZZ-404, and no product of it has ZZZ-404 as its SKU or barcode: scan or type a package's state tag, or, for a package without one, its product's SKU or barcode$/,
    );
    refusedWith(
      await api.enter(1, { package: 'FLW-001', quantity: 1 }),
      404,
      'NOT_FOUND',
      /^no package of Blue Dream \(FLW-001\) without a state tag is in count 1 "Count of Accessories", which counts Accessories: scan or type its package's state tag$/,
    );
    expect(await countRows(h)).toEqual(kept);
  });

  it('refuses a code naming two untagged packages, saying where each is and how to pick one', async () => {
    const jar = await productOf('ACC-005');
    const { db } = h.app.ctx;
    const vault = await db.first(db.builder.selectFrom('rooms').select('id').where('name', '=', 'Vault'));
    const first = await db.first(db.builder.selectFrom('packages').selectAll().where('id', '=', jar.packageId));
    // A second untagged package of the jar, in the Vault (as a catalog import of untagged stock leaves one).
    const second = { ...first!, id: `${jar.packageId}-vault`, room_id: vault!.id, on_hand_milli: 12_000 };
    await db.write((tx) => tx.run(db.builder.insertInto('packages').values(second)));
    const kept = await countRows(h);
    // Neither's stock came in through the service (the demo's is loaded as it is): where each is.
    const floor = 'Smell-Proof Stash Jar (ACC-005) on the sales floor';
    const inVault = 'Smell-Proof Stash Jar (ACC-005) in the Vault';
    const refusal = await api.enter(1, { package: 'ACC-005', quantity: 1 });
    expect(refusal.statusCode, refusal.body).toBe(409);
    expect(refusal.json()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail:
        `ACC-005 names 2 packages without a state tag in count 1 "Count of Accessories": ${floor}; ${inVault}. ` +
        "Pick the one you counted: the Counts screen of the back office offers them, and this refusal's " +
        "details give each one's package id to enter it by",
      details: {
        choices: [
          { id: jar.packageId, words: floor },
          { id: second.id, words: inVault },
        ],
      },
    });
    expect(await countRows(h)).toEqual(kept);
    // The count's lines say where each is, so the two read apart there too.
    const jars = reportOf(await api.show(1)).lines.filter((line) => line.sku === 'ACC-005');
    expect(jars.map((line) => line.roomName)).toEqual(expect.arrayContaining([null, 'Vault']));
    expect(lineOf(await api.enter(1, { package: second.id, quantity: 12 }))).toMatchObject({ difference: 0 });
  });

  it('counts a product added by hand by its SKU, and no longer lists its empty placeholder once a package of it is received', async () => {
    const handOnly = await addProduct('HND-001', 'Hand Haze');
    const received = await addProduct('HND-002', 'Hand Kush');
    const label = '1A4FF0100000022000000777';
    const manifest = [
      '# Manifest: 0004517777',
      '# Shipper licence: C11-0000123-LIC',
      'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price',
      `${label},Hand Kush 3.5g,12,Each,$120.00`,
    ].join('\n');
    const receipt = { format: 'csv', text: manifest, room: 'Vault', packages: [{ label, productId: 'HND-002' }] };
    ok(await manager('POST', '/inventory/receipts', receipt));
    // The placeholder stays, with its history; the product's Packages leaves it out, as the count does.
    const { db } = h.app.ctx;
    const kept = await db.first(db.builder.selectFrom('packages').select('id').where('id', '=', received.packageId));
    expect(kept).toBeDefined();
    expect((await packagesOf('HND-002')).map((pkg) => [pkg.label, pkg.onHand])).toEqual([[label, 12]]);
    countOf(await api.start({ categories: ['flower'] }));
    const report = reportOf(await api.show(2));
    const handLines = report.lines.filter((line) => line.sku?.startsWith('HND-'));
    expect(handLines.map((line) => [line.sku, line.packageLabel])).toEqual([
      ['HND-001', ''],
      ['HND-002', label],
    ]);
    expect(handLines[0]!.packageId).toBe(handOnly.packageId);
    expect(handLines[1]!.packageId).not.toBe(received.packageId);
    expect(lineOf(await api.enter(2, { package: 'hnd-001', quantity: 0 }))).toMatchObject({
      productName: 'Hand Haze',
      counted: 0,
      expected: 0,
    });
    refusedWith(
      await api.enter(2, { package: 'HND-002', quantity: 12 }),
      404,
      'NOT_FOUND',
      /^no package of Hand Kush \(HND-002\) without a state tag is in count 2 "Count of Flower", which counts Flower: scan or type its package's state tag$/,
    );
    expect(lineOf(await api.enter(2, { package: label, quantity: 12 }))).toMatchObject({ difference: 0 });
  });
});
