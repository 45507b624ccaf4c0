import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDay } from '../../../shared/contracts/audit.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ReceiptView } from '../../../shared/contracts/receiving.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A delivery typed in (README "Receiving"): the manifest sent as an object, one package matched to a
// product the store has and two to products created with the delivery, in its transaction — a
// refused delivery keeps no product, and a new product's bad fields are refused naming the package.
let h: SetupHarness;
const BLUE = '1A4FF0100000022000000501';
const COOKIES = '1A4FF0100000022000000502';
const SHAKE = '1A4FF0100000022000000503';
const manifest = (number: string) => ({
  manifestNumber: number,
  shipperLicense: 'C11-0000123-LIC',
  shipperName: 'Emerald Valley Distribution, LLC',
  packages: [
    { label: BLUE, itemName: 'Blue Dream Flower 3.5g', quantity: 20, unit: 'Each', wholesalePrice: 280 },
    { label: COOKIES, itemName: 'Gelato Cookies Pre-Roll 1g', quantity: 12, unit: 'Each', wholesalePrice: 60 },
    { label: SHAKE, itemName: 'Lemon Haze Shake', quantity: 100, unit: 'Grams', expiresOn: '2027-08-01' },
  ],
});

beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const receive = (number: string, packages: unknown[]) =>
  h.call(
    h.tokens.manager,
    'POST',
    '/inventory/receipts',
    { manifest: manifest(number), room: 'Vault', packages },
    'demo',
  );
const product = async (sku: string) => {
  const answer = await h.call(h.tokens.manager, 'GET', `/products/${sku}`, undefined, 'demo');
  return answer.statusCode === 200 ? answer.json<{ product: ProductView }>().product : null;
};
const good = [
  { label: BLUE, productId: 'FLW-001' },
  { label: COOKIES, create: { priceCents: 1200, taxClass: 'cannabis', brand: 'Gelato Farms' } },
  { label: SHAKE, create: { name: 'Lemon Haze (shake)', priceCents: 450, taxClass: 'cannabis' } },
];

describe('a delivery creating its products', () => {
  it('refuses a new product’s bad fields in words naming the package, keeping no product', async () => {
    const tried = (create: object) => receive('0007700001', [good[0], { label: COOKIES, create }, good[2]]);
    refused(
      await tried({ priceCents: 1200, taxClass: 'luxury' }),
      400,
      new RegExp(
        `^packages\\[1\\]\\.create\\.taxClass is not a tax class of Green Valley Dispensary: "luxury" \\(package ${COOKIES}, Gelato Cookies Pre-Roll 1g\\)$`,
      ),
    );
    refused(
      await tried({ priceCents: 1200, taxClass: 'cannabis', type: 'SPACESHIP' }),
      400,
      /^packages\[1\]\.create\.type must be one of FLOWER, .* \(package /,
    );
    refused(
      await tried({ priceCents: -1, taxClass: 'cannabis' }),
      400,
      /packages\/1\/create\/priceCents|packages\[1\]\.create\.priceCents/,
    );
    refused(
      await tried({ priceCents: 1200, taxClass: 'cannabis', sku: 'FLW-001' }),
      409,
      /^packages\[1\]\.create\.sku FLW-001 is used by another product of Green Valley Dispensary: Blue Dream/,
    );
    refused(
      await tried({ priceCents: 1200, taxClass: 'cannabis', deli: true }),
      400,
      /^packages\[1\]\.create\.deli must be false: package .* is counted by the unit/,
    );
    refused(
      await receive('0007700001', [good[0], { ...good[1], productId: 'FLW-001' }, good[2]]),
      400,
      /^packages\[1\]\.create and productId both name/,
    );
    // The first product is created, then the delivery is refused at the next package: neither is kept.
    refused(
      await receive('0007700001', [good[0], good[1], { label: SHAKE, create: { priceCents: 450, taxClass: 'none' } }]),
      400,
      /^packages\[2\]\.create\.taxClass is not a tax class/,
    );
    // A cashier receives deliveries, but adding a product is a manager's.
    refused(
      await h.call(
        h.tokens.cashier,
        'POST',
        '/inventory/receipts',
        { manifest: manifest('0007700001'), room: 'Vault', packages: good },
        'demo',
      ),
      403,
      /does not have the store:manage permission/,
    );
    expect(await product(COOKIES)).toBeNull();
    expect(await product(SHAKE)).toBeNull();
  });

  it('creates them with the delivery: named, sized and sold as the row says, audited, received as new packages', async () => {
    const receipt = ok<{ receipt: ReceiptView }>(await receive('0007700002', good)).receipt;
    expect(receipt.lines.map((l) => [l.label, l.productName, l.received, l.unitCostCents])).toEqual([
      [BLUE, 'Blue Dream', 20, 1400],
      [COOKIES, 'Gelato Cookies Pre-Roll 1g', 12, 500],
      [SHAKE, 'Lemon Haze (shake)', 100, null],
    ]);
    expect(await product(COOKIES)).toMatchObject({
      sku: COOKIES,
      name: 'Gelato Cookies Pre-Roll 1g',
      brand: 'Gelato Farms',
      type: 'PREROLL',
      size: '1g',
      weight: 1,
      unitType: 'g',
      deli: false,
      priceCents: 1200,
      taxClass: 'cannabis',
      quantityOnHand: 0,
      archived: false,
    });
    expect(await product(SHAKE)).toMatchObject({ type: 'FLOWER', deli: true, unitType: 'g', priceCents: 450 });
    const packages = await h.call(h.tokens.manager, 'GET', `/products/${SHAKE}/packages`, undefined, 'demo');
    expect(ok<{ packages: { label: string; room: string }[] }>(packages).packages).toEqual(
      expect.arrayContaining([expect.objectContaining({ label: SHAKE })]),
    );
    const day = await h.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    const events = day.json<AuditDay>().events.filter((e) => ['product_added', 'delivery_received'].includes(e.action));
    // One moment, one write: in any order.
    expect(events.map((e) => `${e.action} by ${e.actor.name}`).sort()).toEqual([
      'delivery_received by manager',
      'product_added by manager',
      'product_added by manager',
    ]);
    expect(
      events
        .filter((e) => e.action === 'product_added')
        .map((e) => e.reason)
        .sort(),
    ).toEqual([`Gelato Cookies Pre-Roll 1g (${COOKIES})`, `Lemon Haze (shake) (${SHAKE})`]);
  });
});
