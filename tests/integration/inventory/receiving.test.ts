import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptPreview, ReceiptView } from '../../../shared/contracts/receiving.js';
import type { PackageView } from '../../../shared/contracts/rooms.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// Receiving a delivery (README "Receiving"): a shipper's CSV manifest read and matched to the demo's
// products, then received whole into the quarantine room — one package short, one refused — at
// the products' prices and the wholesale cost; a manifest or a tag received twice, and every bad
// decision, refused in words with nothing of the delivery kept.
let h: SetupHarness;
const csv = readFileSync(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url), 'utf8');
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
});
afterAll(() => h.close());

const asManager = (path: string, payload: unknown, store = 'demo') =>
  h.call(h.tokens.manager, 'POST', `/inventory/receipts${path}`, payload, store);
const file = { format: 'csv', text: csv };
const decisions = [
  { label: BLUE, productId: 'FLW-001' },
  { label: GUMMIES, productId: 'EDI-001', received: 8 },
  { label: BULK, refused: 'Seal broken on arrival' },
];
async function counts() {
  const { db } = h.app.ctx;
  const count = async (table: 'receipts' | 'receipt_lines' | 'packages') =>
    Number((await db.first(db.builder.selectFrom(table).select((eb) => eb.fn.countAll().as('n'))))!.n);
  return { receipts: await count('receipts'), lines: await count('receipt_lines'), packages: await count('packages') };
}
const packagesOf = async (sku: string) =>
  ok<{ packages: PackageView[] }>(await h.call(h.tokens.manager, 'GET', `/products/${sku}/packages`, undefined, 'demo'))
    .packages;

describe('receiving a delivery', () => {
  it('reads the manifest and suggests each package’s product, writing nothing', async () => {
    const before = await counts();
    const preview = ok<ReceiptPreview>(await asManager('/preview', file));
    expect(preview.problems).toEqual([]);
    expect(preview.receivedAlready).toBeNull();
    expect(preview.receivedBefore).toBeNull();
    expect(preview.manifest).toMatchObject({ manifestNumber: '0004512873', shipperLicense: 'C11-0000123-LIC' });
    const [blue, gummies, bulk] = preview.manifest!.packages;
    expect(blue).toMatchObject({ label: BLUE, quantity: 40, unit: 'each', wholesaleCents: 56000, tagInStockAt: null });
    expect(blue!.suggestions[0]).toMatchObject({ name: 'Blue Dream', sku: 'FLW-001' });
    expect(gummies).toMatchObject({ quantity: 10, wholesaleCents: 125050 });
    expect(bulk).toMatchObject({ quantity: 453.592, unit: 'grams' });
    expect(blue!.suggestions.map((s) => s.cannotTake)).toEqual([null, null]);
    // Sour Diesel sells by the unit: suggested for the bulk package counted in grams, it says why it cannot take it.
    expect(bulk!.suggestions[0]).toMatchObject({
      name: 'Sour Diesel',
      sku: 'FLW-006',
      cannotTake: 'sells by the unit, but this package is counted in grams',
    });
    expect(await counts()).toEqual(before);
  });

  it('answers a file it cannot read with every problem in words', async () => {
    const bad = readFileSync(new URL('../../fixtures/manifests/bad-delivery.csv', import.meta.url), 'utf8');
    const preview = ok<ReceiptPreview>(await asManager('/preview', { format: 'csv', text: bad }));
    expect(preview.manifest).toBeNull();
    expect(preview.problems.length).toBeGreaterThan(1);
    expect(preview.problems.every((p) => p.message.length > 10)).toBe(true);
    refused(await asManager('', { ...file, manifest: {}, room: 'Vault', packages: [] }), 400, /give the manifest once/);
  });

  it('refuses bad decisions in words and keeps nothing of the delivery', async () => {
    const before = await counts();
    const receive = (packages: unknown[]) => asManager('', { ...file, room: 'Quarantine', packages });
    refused(await receive(decisions.slice(0, 2)), 400, new RegExp(`say what is done with package ${BULK}`));
    refused(
      await receive([decisions[0], decisions[1], { label: BULK, productId: 'FLW-006' }]),
      400,
      /Sour Diesel \(FLW-006\) sells by the unit, but package .* is counted in grams/,
    );
    refused(
      await receive([{ ...decisions[0], received: 41 }, ...decisions.slice(1)]),
      400,
      /more than was shipped \(40\)/,
    );
    refused(await receive([{ ...decisions[0], received: 0 }, ...decisions.slice(1)]), 400, /is 0: refuse package/);
    refused(
      await receive([{ label: 'NOPE', productId: 'FLW-001' }, ...decisions]),
      400,
      /is not a package of manifest 0004512873/,
    );
    refused(await receive([{ ...decisions[0], productId: 'NO-SUCH' }, ...decisions.slice(1)]), 400, /names no product/);
    // A reason of spaces says nothing: the schema takes it (not empty), the service refuses it.
    refused(
      await receive([...decisions.slice(0, 2), { label: BULK, refused: '   ' }]),
      400,
      new RegExp(`^packages\\[2\\]\\.refused must say why package ${BULK} is refused$`),
    );
    refused(
      await asManager('', { ...file, room: 'Freezer', packages: decisions }),
      400,
      /is not a room of Green Valley Dispensary/,
    );
    expect(await counts()).toEqual(before);
  });

  it('answers every bad decision of a delivery at once, each naming its package’s field, and keeps nothing', async () => {
    const before = await counts();
    const response = await asManager('', {
      ...file,
      room: 'Quarantine',
      packages: [
        { ...decisions[0], received: 41 },
        { label: GUMMIES, received: 8 },
        { label: BULK, productId: 'FLW-006', received: 0 },
      ],
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ resultDetail: string; details: { problems: { field: string; message: string }[] } }>();
    // The sentence is the first problem's; the details list them all, in the manifest's order.
    expect(body.resultDetail).toBe(`packages[0].received is more than was shipped (40) for package ${BLUE}`);
    expect(body.details.problems.map((p) => p.field)).toEqual([
      'packages[0].received',
      'packages[1].productId',
      'packages[2].productId',
      'packages[2].received',
    ]);
    expect(body.details.problems[0]!.message).toBe(body.resultDetail);
    expect(body.details.problems[1]!.message).toMatch(/^packages\[1\]\.productId is needed for package /);
    expect(body.details.problems[2]!.message).toMatch(/Sour Diesel \(FLW-006\) sells by the unit/);
    expect(body.details.problems[3]!.message).toMatch(/^packages\[2\]\.received is 0: refuse package /);
    expect(await counts()).toEqual(before);
  });

  it('receives it whole: new packages in quarantine at cost, one short, one refused; none sells until moved', async () => {
    const before = await counts();
    const blueBefore = await packagesOf('FLW-001');
    const receipt = ok<{ receipt: ReceiptView }>(
      await asManager('', { ...file, room: 'Quarantine', packages: decisions, note: 'Truck 4' }),
    ).receipt;
    expect(receipt).toMatchObject({
      manifestNumber: '0004512873',
      room: 'Quarantine',
      accepted: 2,
      refused: 1,
      short: 1,
      note: 'Truck 4',
      by: 'manager',
      // Who received it as people know them: the receipt says "by Morgan Manager", never the username.
      byName: 'Morgan Manager',
    });
    expect(
      receipt.lines.map((l) => [l.label, l.productName, l.shipped, l.received, l.shortage, l.unitCostCents, l.refused]),
    ).toEqual([
      [BLUE, 'Blue Dream', 40, 40, 0, 1400, null],
      [GUMMIES, 'Watermelon Gummies 10 x 10mg', 10, 8, 2, 12505, null],
      [BULK, null, 453.592, 0, 0, null, 'Seal broken on arrival'],
    ]);
    expect(await counts()).toEqual({
      receipts: before.receipts + 1,
      lines: before.lines + 3,
      packages: before.packages + 2,
    });
    const blue = await packagesOf('FLW-001');
    const received = blue.find((p) => p.label === BLUE)!;
    expect(received).toMatchObject({
      room: { name: 'Quarantine' },
      onHand: 40,
      available: 0,
      unitCostCents: 1400,
      packagedOn: '2026-11-02',
      expiresOn: '2027-05-02',
      lab: { thcPercent: 24.6 },
      labWords: 'THC 24.6%',
      sellsNext: false,
    });
    expect(blue.find((p) => p.sellsNext)!.packageId).toBe(blueBefore[0]!.packageId);
    // Moved to the sales floor, it sells first: it expires, the older one has no date.
    ok(await h.call(h.tokens.manager, 'POST', '/inventory/moves', { package: BLUE, room: 'Sales floor' }, 'demo'));
    expect((await packagesOf('FLW-001')).find((p) => p.sellsNext)!.label).toBe(BLUE);
    const { db } = h.app.ctx;
    const audit = await db.all(
      db.builder.selectFrom('audit_events').select('reason').where('action', '=', 'delivery_received'),
    );
    expect(audit.map((a) => a.reason)).toEqual([
      'Manifest 0004512873 from Emerald Valley Distribution, LLC: 2 packages received into Quarantine, 1 refused, 1 short',
    ]);
  });

  it('refuses a manifest received already, and a tag held anywhere in the organization', async () => {
    const before = await counts();
    // The preview says where and when (the moment, for a screen to say in the store's time).
    const known = ok<ReceiptPreview>(await asManager('/preview', file));
    expect(known.receivedBefore).toEqual({ storeName: 'Green Valley Dispensary', at: expect.any(String) });
    expect(Number.isNaN(Date.parse(known.receivedBefore!.at))).toBe(false);
    refused(
      await asManager('', { ...file, room: 'Quarantine', packages: decisions }),
      409,
      /manifest 0004512873 was already received at Green Valley Dispensary on [A-Z][a-z]{2}\s\d{1,2},\s\d{4},\s\d{1,2}:\d\d\s[AP]M\s\S+$/,
    );
    // Said first, whatever decisions are missing.
    refused(
      await asManager('', { ...file, room: 'Quarantine', packages: [decisions[1]] }),
      409,
      /^manifest 0004512873 was already received/,
    );
    const again = csv.replace('0004512873', '0004512999');
    refused(
      await asManager('', { format: 'csv', text: again, room: 'Sales floor', packages: decisions }, 'mesa'),
      409,
      new RegExp(
        `package ${BLUE} is already a package of Blue Dream \\(FLW-001\\) at Green Valley Dispensary: a state tag is received once`,
      ),
    );
    const preview = ok<ReceiptPreview>(await asManager('/preview', { format: 'csv', text: again }));
    expect(preview.manifest!.packages[0]!.tagInStockAt).toBe('Green Valley Dispensary');
    expect(await counts()).toEqual(before);
  });
});
