import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ReceiptView } from '../../../shared/contracts/receiving.js';
import type { ProductPackages } from '../../../shared/contracts/rooms.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';
import { NEW_FLOWER, productRows } from './support/product-fixtures.js';

// A store's SKU is one code whatever its case (README "Products"): the demo store's Blue Dream is
// FLW-001, so flw-001 names it, and no other product of the store may be given flw-001. The SKU is
// kept as the manager typed it.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const asManager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, store = 'demo') =>
  h.call(h.tokens.manager, method, `/products${path}`, payload, store);
const product = async (response: Parameters<typeof ok>[0]) => ok<{ product: ProductView }>(response).product;
const untagged = { ...NEW_FLOWER, packageLabel: '', barcodes: [] };

describe('a SKU in any case, over the set-up API', () => {
  it('finds a product by its SKU in any case, and its packages', async () => {
    const blueDream = await product(await asManager('GET', '/FLW-001'));
    expect(blueDream).toMatchObject({ sku: 'FLW-001', name: 'Blue Dream' });
    expect(await product(await asManager('GET', '/flw-001'))).toEqual(blueDream);
    expect(await product(await asManager('GET', '/Flw-001'))).toEqual(blueDream);
    const { packages } = ok<ProductPackages>(await asManager('GET', '/fLw-001/packages'));
    expect(packages.map((pkg) => pkg.productId)).toContain(blueDream.productId);
  });

  it('refuses a new product, or a changed one, the SKU another product has in another case, naming it', async () => {
    const before = await productRows(h.app);
    refused(
      await asManager('POST', '', { ...untagged, sku: 'flw-001' }),
      409,
      /^sku flw-001 is used by another product of Green Valley Dispensary: Blue Dream, as FLW-001 \(a SKU is the same in any case\)$/,
    );
    refused(
      await asManager('PATCH', '/FLW-003', { sku: 'Flw-001' }),
      409,
      /^sku Flw-001 is used by another product of Green Valley Dispensary: Blue Dream, as FLW-001/,
    );
    expect(await productRows(h.app)).toEqual(before);
  });

  it('keeps a SKU as typed: a product may change the case of its own', async () => {
    const changed = await product(await asManager('PATCH', '/FLW-002', { sku: 'flw-002' }));
    expect(changed).toMatchObject({ sku: 'flw-002', name: 'Purple Punch' });
    expect(await product(await asManager('GET', '/FLW-002'))).toMatchObject({ sku: 'flw-002' });
    const added = await product(await asManager('POST', '', { ...untagged, sku: 'Gv-Any-1' }));
    expect(added.sku).toBe('Gv-Any-1');
    expect(await product(await asManager('GET', '/GV-ANY-1'))).toMatchObject({ productId: added.productId });
  });

  it('receives a delivery’s package as the product its SKU names in another case', async () => {
    const label = '1A4FF0100000099000000059';
    const manifest = {
      manifestNumber: '0009990059',
      shipperLicense: 'C11-0000123-LIC',
      packages: [{ label, itemName: 'OG Kush 7g', quantity: 10, unit: 'Each', wholesalePrice: 100 }],
    };
    const delivery = { manifest, room: 'Vault', packages: [{ label, productId: 'flw-004' }] };
    const { receipt } = ok<{ receipt: ReceiptView }>(
      await h.call(h.tokens.manager, 'POST', '/inventory/receipts', delivery, 'demo'),
    );
    expect(receipt.lines).toEqual([expect.objectContaining({ label, productName: 'OG Kush' })]);
  });

  it('refuses a copy to a store that has the SKU in another case', async () => {
    await addStore(h.app, 'north');
    const taxClass = { code: 'cannabis', name: 'Cannabis at north', rates: [{ name: 'Excise', percent: '15' }] };
    ok(await h.call(h.tokens.admin, 'POST', '/tax-classes', taxClass, 'north'));
    await product(await asManager('POST', '', { ...untagged, sku: 'gv-copy-1', name: 'North Haze' }, 'north'));
    await product(await asManager('POST', '', { ...untagged, sku: 'GV-COPY-1' }));
    refused(
      await asManager('POST', '/GV-COPY-1/copy', { to: ['north'] }),
      409,
      /Store north has a product with the SKU GV-COPY-1 already \(North Haze, as gv-copy-1\)/,
    );
  });

  it('with two SKUs stored in two cases before: each found and edited as written, a third spelling refused', async () => {
    const { db } = h.app.ctx;
    // As a store could write it before SKUs were compared in any case (migration 59).
    await db.write((tx) =>
      tx.run(db.builder.updateTable('products').set({ sku: 'flw-001' }).where('sku', '=', 'FLW-003')),
    );
    expect(await product(await asManager('GET', '/FLW-001'))).toMatchObject({ name: 'Blue Dream' });
    expect(await product(await asManager('GET', '/flw-001'))).toMatchObject({ name: 'Wedding Cake' });
    refused(
      await asManager('GET', '/fLw-001'),
      409,
      /^sku fLw-001 is the SKU of 2 products in other cases: Blue Dream \(FLW-001\), Wedding Cake \(flw-001\); give it as one of them writes it$/,
    );
    expect(await product(await asManager('PATCH', '/flw-001', { priceCents: 4600 }))).toMatchObject({
      name: 'Wedding Cake',
      sku: 'flw-001',
      priceCents: 4600,
    });
    refused(await asManager('PATCH', '/flw-001', { sku: 'Flw-001' }), 409, /Blue Dream, as FLW-001/);
  });
});
