import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { PackageMoveAnswer, PackageView } from '../../../shared/contracts/rooms.js';
import { ok, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A product's Packages (README "Rooms and packages") and the empty placeholder a product added by
// hand is made with: listed while it is the product's only package, left out once a delivery of the
// product is received, listed again once it holds stock; never deleted, and the product's row, price
// and a move of it by id go on as before.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const TAG = '1A4FF0100000022000000999';
const manager = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const listed = async () =>
  ok<{ packages: PackageView[] }>(await manager('GET', '/products/HND-010/packages')).packages.map((pkg) => ({
    id: pkg.packageId,
    label: pkg.label,
    room: pkg.room.name,
    onHand: pkg.onHand,
    sellsNext: pkg.sellsNext,
  }));
const receive = () => {
  const manifest = [
    '# Manifest: 0004519999',
    '# Shipper licence: C11-0000123-LIC',
    'Package Label,Item Name,Shipped Qty,UOM,Wholesale Price',
    `${TAG},Hand Haze 3.5g,10,Each,$100.00`,
  ].join('\n');
  return manager('POST', '/inventory/receipts', {
    format: 'csv',
    text: manifest,
    room: 'Sales floor',
    packages: [{ label: TAG, productId: 'HND-010' }],
  });
};

describe("a product's packages and its empty placeholder", () => {
  it('lists the placeholder alone, leaves it out once a delivery is received, and lists it again once it holds stock', async () => {
    const { product } = ok<{ product: ProductView }>(
      await manager('POST', '/products', {
        sku: 'HND-010',
        name: 'Hand Haze',
        type: 'flower',
        priceCents: 3000,
        taxClass: 'cannabis',
      }),
    );
    const placeholder = product.packageId;
    // Its only package: the list says where the product is, not "no package".
    expect(await listed()).toEqual([{ id: placeholder, label: '', room: 'Sales floor', onHand: 0, sellsNext: false }]);

    ok(await receive());
    const delivered = (await listed()).filter((pkg) => pkg.label === TAG);
    expect(await listed()).toEqual([
      { id: delivered[0]!.id, label: TAG, room: 'Sales floor', onHand: 10, sellsNext: true },
    ]);
    // Kept, as the product's row and price read it; only the lists leave it out.
    const { db } = h.app.ctx;
    const row = await db.first(db.builder.selectFrom('packages').select('price_cents').where('id', '=', placeholder));
    expect(Number(row!.price_cents)).toBe(3000);
    const view = ok<{ product: ProductView }>(await manager('GET', '/products/HND-010')).product;
    expect(view).toMatchObject({ priceCents: 3000, quantityOnHand: 10, packageLabel: TAG });
    // Named by its id (as a script might), it still moves, and the move answers it.
    const moved = ok<PackageMoveAnswer>(
      await manager('POST', '/inventory/moves', { package: placeholder, room: 'Vault' }),
    );
    expect(moved.package).toMatchObject({ packageId: placeholder, label: '', onHand: 0 });
    expect((await listed()).map((pkg) => pkg.id)).toEqual([delivered[0]!.id]);

    // Stock added to it by hand: it means something again, and is listed.
    ok(await manager('POST', '/inventory/adjustments', { package: placeholder, delta: 2, reason: 'count' }));
    expect(await listed()).toEqual([
      { id: delivered[0]!.id, label: TAG, room: 'Sales floor', onHand: 10, sellsNext: true },
      { id: placeholder, label: '', room: 'Vault', onHand: 2, sellsNext: false },
    ]);
  });
});
