import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { PackageMoveAnswer, PackageView, Room } from '../../../shared/contracts/rooms.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A store's rooms and its products' packages in them (README "Rooms and packages"): only stock on
// the sales floor sells, a line takes the package on the floor that expires first, the catalog
// counts the floor's packages together, and a move is refused in words (nothing kept) where it
// cannot be.
let h: SetupHarness;
let item: ProductView;
let first: PackageView;
const SECOND = 'TESTROOMS0000000000002';

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
  const { products } = ok<{ products: ProductView[] }>(
    await h.call(h.tokens.manager, 'GET', '/products?stock=in_stock&limit=50', undefined, 'demo'),
  );
  item = products.find((p) => !p.deli && p.quantityOnHand >= 5)!;
  first = (await packagesOf(item.productId))[0]!;
  // A second package of the product, received earlier and expiring sooner: the one sold first.
  const { db } = h.app.ctx;
  const row = await db.first(db.builder.selectFrom('packages').selectAll().where('id', '=', first!.packageId));
  await db.write((tx) =>
    tx.run(
      db.builder.insertInto('packages').values({
        ...row!,
        id: `${row!.id}-2`,
        label: SECOND,
        on_hand_milli: 3000,
        reserved_milli: 0,
        short_milli: 0,
        expires_on: '2026-12-31',
      }),
    ),
  );
});
afterAll(() => h.close());

const manager = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown, store = 'demo') =>
  h.call(h.tokens.manager, method, path, payload, store);
async function packagesOf(product: string): Promise<PackageView[]> {
  return ok<{ packages: PackageView[] }>(await manager('GET', `/products/${product}/packages`)).packages;
}
const rooms = async (store = 'demo') => ok<{ rooms: Room[] }>(await manager('GET', '/rooms', undefined, store)).rooms;
const move = (pkg: string, room: string, note?: string) =>
  manager('POST', '/inventory/moves', { package: pkg, room, ...(note === undefined ? {} : { note }) });
const quote = async (quantity: number) => {
  const response = await h.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket/quote',
    headers: h.headers,
    payload: { type: 'PICKUP', items: [{ productId: item.productId, quantity }] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: { packageLabel?: string; quantity: number }[]; unavailableItems: unknown[] }>();
};
const catalogStock = async () => {
  const { items } = (
    await h.request({ method: 'GET', url: `/v2.0/dispensary/demo/catalog?search=${item.sku}`, headers: h.headers })
  ).json<{ items: { productId: string; quantityAvailable?: number; available?: number; inStock: boolean }[] }>();
  return items.find((entry) => entry.productId === item.productId)!;
};
const listed = async () => {
  const { products } = ok<{ products: ProductView[] }>(await manager('GET', `/products?search=${item.sku}`));
  return products.find((p) => p.productId === item.productId)!;
};

describe('rooms and packages', () => {
  it('has the demo’s sales floor, vault and quarantine; a manager adds a room, names refused in words', async () => {
    expect((await rooms()).map((r) => [r.name, r.kind, r.sells])).toEqual([
      ['Sales floor', 'sales_floor', true],
      ['Quarantine', 'quarantine', false],
      ['Vault', 'storage', false],
    ]);
    const back = ok<{ room: Room }>(await manager('POST', '/rooms', { name: ' Back room ', kind: 'storage' })).room;
    expect(back).toMatchObject({ name: 'Back room', kindName: 'Storage', sells: false, archived: false, packages: 0 });
    refused(
      await manager('POST', '/rooms', { name: 'vault', kind: 'storage' }),
      400,
      /taken: Green Valley Dispensary already has a room called Vault/,
    );
    refused(await manager('POST', '/rooms', { name: 'Sales floor', kind: 'storage' }), 400, /sales floor/);
    refused(await manager('POST', '/rooms', { name: 'Cellar', kind: 'cellar' }), 400, /kind/);
    refused(
      await h.call(h.tokens.cashier, 'POST', '/rooms', { name: 'Back', kind: 'storage' }, 'demo'),
      403,
      /store:manage/,
    );
    expect((await rooms()).map((r) => r.name)).toEqual(['Sales floor', 'Back room', 'Quarantine', 'Vault']);
  });

  it('sells from the floor package expiring first, and counts the floor’s packages together', async () => {
    const packages = await packagesOf(item.productId);
    expect(packages.map((p) => [p.label, p.room.name, p.sellsNext])).toEqual([
      [SECOND, 'Sales floor', true],
      [first.label, 'Sales floor', false],
    ]);
    expect((await quote(2)).items[0]).toMatchObject({ quantity: 2, packageLabel: SECOND });
    expect((await listed()).quantityOnHand).toBe(first.onHand + 3);
    // A line wanting more than the first package has takes the package that has it all.
    const more = await quote(first.available);
    expect(more.unavailableItems).toEqual([]);
    expect(more.items[0]).toMatchObject({ quantity: first.available, packageLabel: first.label });
  });

  it('moves a package to the vault: it no longer sells, and the move is recorded and audited', async () => {
    const answer = ok<PackageMoveAnswer>(await move(SECOND, 'vault', 'Recall hold'));
    expect(answer.move).toMatchObject({ from: 'Sales floor', to: 'Vault', note: 'Recall hold', by: 'manager' });
    expect(answer.package).toMatchObject({
      label: SECOND,
      room: { name: 'Vault', kind: 'storage' },
      available: 0,
      onHand: 3,
    });
    expect((await listed()).quantityOnHand).toBe(first.onHand);
    const packages = await packagesOf(item.productId);
    expect(packages.find((p) => p.sellsNext)!.packageId).toBe(first.packageId);
    expect((await rooms()).find((r) => r.name === 'Vault')!.packages).toBe(1);
    const { db } = h.app.ctx;
    const audit = await db.all(
      db.builder.selectFrom('audit_events').select(['action', 'reason']).where('action', '=', 'package_moved'),
    );
    expect(audit.map((a) => a.reason)).toEqual([
      expect.stringContaining(`${SECOND}: Sales floor → Vault: Recall hold`),
    ]);
  });

  it('refuses moves in words and keeps nothing of them', async () => {
    refused(await move(SECOND, 'Vault'), 400, /room is where package TESTROOMS0000000000002 of .* is already/);
    refused(
      await move(SECOND, 'Freezer'),
      400,
      /is not a room of Green Valley Dispensary: "Freezer" \(Sales floor, Back room, Quarantine, Vault\)/,
    );
    refused(
      await move('NOPE-123', 'Vault'),
      404,
      /no package of Green Valley Dispensary has the id or state tag NOPE-123/,
    );
    refused(
      await h.call(h.tokens.cashier, 'POST', '/rooms', { name: 'X', kind: 'storage' }, 'demo'),
      403,
      /permission/,
    );
    // A room of another store of the organization.
    ok(await h.call(h.tokens.admin, 'POST', '/rooms', { name: 'Mesa vault', kind: 'storage' }, 'mesa'));
    refused(
      await move(first.packageId, 'Mesa vault'),
      400,
      /Mesa vault is Store mesa's: a package moves only between rooms of its own store/,
    );
    // Held by an open order: it stays on the floor.
    const ticket = await h.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: h.headers,
      payload: { type: 'PICKUP', items: [{ productId: item.productId, quantity: 1 }] },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    refused(await move(first.packageId, 'Vault'), 409, /cannot leave the sales floor: open orders hold some of it/);
    const { db } = h.app.ctx;
    const moves = await db.all(db.builder.selectFrom('package_moves').select('to_room'));
    expect(moves.map((m) => m.to_room)).toEqual(['Vault']);
  });

  it('archives a room only when empty; an archived room takes no package', async () => {
    const vault = (await rooms()).find((r) => r.name === 'Vault')!;
    refused(
      await manager('PATCH', `/rooms/${vault.id}`, { archived: true }),
      409,
      /Vault cannot be archived: 1 package with stock is in it/,
    );
    ok(await move(SECOND, 'sales-floor'));
    const archived = ok<{ room: Room }>(await manager('PATCH', `/rooms/${vault.id}`, { archived: true })).room;
    expect(archived).toMatchObject({ archived: true, packages: 0 });
    refused(await move(SECOND, 'Vault'), 400, /Vault is archived: bring it back first/);
    const renamed = ok<{ room: Room }>(
      await manager('PATCH', `/rooms/${vault.id}`, { name: 'Old vault', archived: false }),
    ).room;
    expect(renamed).toMatchObject({ name: 'Old vault', archived: false });
  });

  it('gives every package of the product the price a manager sets', async () => {
    ok(await manager('PATCH', `/products/${item.productId}`, { priceCents: item.priceCents + 100 }));
    const { db } = h.app.ctx;
    const prices = await db.all(
      db.builder.selectFrom('packages').select('price_cents').where('product_id', '=', item.productId),
    );
    expect(prices.map((p) => Number(p.price_cents))).toEqual([item.priceCents + 100, item.priceCents + 100]);
    expect(await catalogStock()).toMatchObject({ inStock: true });
  });
});
