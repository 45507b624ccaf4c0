// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PackageView, Room } from '../../../../shared/contracts/rooms.js';
import { usePackagesStore } from '../../../../renderer/backoffice/stores/packages.js';
import { useRoomsStore } from '../../../../renderer/backoffice/stores/rooms.js';
import { fakeService, refused, savedIn, saveTimeZone, signedIn, storeIn, type Answer } from './fake-service.js';
import { product } from './product-fixture.js';

const SETUP = '/v2.0/dispensary/demo/setup';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const TAG = '1A4060300003D12000000001';
const FLOOR: Room = {
  id: 'sales-floor',
  name: 'Sales floor',
  kind: 'sales_floor',
  kindName: 'Sales floor',
  sells: true,
  archived: false,
  packages: 46,
};
const VAULT: Room = {
  ...FLOOR,
  id: 'r1',
  name: 'Vault',
  kind: 'storage',
  kindName: 'Storage',
  sells: false,
  packages: 0,
};
const rooms = (...list: Room[]): Answer => ({ body: { ...ok, rooms: list } });
const pkg = (fields: Partial<PackageView> = {}): PackageView => ({
  packageId: 'k1',
  label: TAG,
  productId: 'p1',
  productName: 'Blue Dream',
  sku: 'FLW-001',
  unitType: 'g',
  room: { id: 'sales-floor', name: 'Sales floor', kind: 'sales_floor' },
  onHand: 40,
  held: 0,
  available: 40,
  unitCostCents: 1800,
  packagedOn: null,
  expiresOn: '2027-03-01',
  lab: null,
  labWords: '',
  sellsNext: true,
  ...fields,
});
const packages = (...list: PackageView[]): Answer => ({ body: { ...ok, packages: list } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the rooms', () => {
  it('reads them, adds one and archives one, reading the list again after each', async () => {
    signedIn(['store:manage', 'inventory:adjust']);
    const calls = fakeService({
      [`GET ${SETUP}/rooms`]: [
        rooms(FLOOR, VAULT),
        rooms(FLOOR, { ...VAULT, id: 'r2', name: 'Back room' }, VAULT),
        rooms(FLOOR),
      ],
      [`POST ${SETUP}/rooms`]: [{ body: { ...ok, room: { ...VAULT, id: 'r2', name: 'Back room' } } }],
      [`PATCH ${SETUP}/rooms/r1`]: [{ body: { ...ok, room: { ...VAULT, archived: true } } }],
    });
    const store = useRoomsStore();
    await store.load();
    expect(store.manages).toBe(true);
    expect(store.rows.map((room) => room.name)).toEqual(['Sales floor', 'Vault']);
    expect((await store.add({ name: 'Back room', kind: 'storage' })).name).toBe('Back room');
    expect(store.rows.map((room) => room.name)).toEqual(['Sales floor', 'Back room', 'Vault']);
    expect((await store.update('r1', { archived: true })).archived).toBe(true);
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      `GET ${SETUP}/rooms`,
      `POST ${SETUP}/rooms`,
      `GET ${SETUP}/rooms`,
      `PATCH ${SETUP}/rooms/r1`,
      `GET ${SETUP}/rooms`,
    ]);
    expect(calls[3]!.body).toEqual({ archived: true });
  });

  it('throws a refusal for the form, and reads again live only while shown', async () => {
    signedIn(['inventory:adjust']);
    const calls = fakeService({
      [`GET ${SETUP}/rooms`]: [rooms(FLOOR, VAULT), rooms(FLOOR, { ...VAULT, packages: 1 })],
      [`PATCH ${SETUP}/rooms/r1`]: [
        refused(409, 'CONFLICT', 'Vault cannot be archived: 1 package with stock is in it; move them first'),
      ],
    });
    const store = useRoomsStore();
    await store.load();
    expect(store.manages).toBe(false);
    await expect(store.update('r1', { archived: true })).rejects.toThrow('Vault cannot be archived');
    await store.changed();
    expect(calls).toHaveLength(2);
    store.visible = true;
    await store.changed();
    expect(store.rows[1]!.packages).toBe(1);
  });
});

describe('a product’s packages', () => {
  it('reads them and the rooms as the dialog opens; a move reads both again and says what it did', async () => {
    signedIn(['inventory:adjust']);
    const moved = pkg({ room: { id: 'r1', name: 'Vault', kind: 'storage' }, available: 0 });
    const calls = fakeService({
      [`GET ${SETUP}/products/p1/packages`]: [packages(pkg()), packages(moved)],
      [`GET ${SETUP}/rooms`]: [rooms(FLOOR, VAULT), rooms(FLOOR, { ...VAULT, packages: 1 })],
      [`POST ${SETUP}/inventory/moves`]: [
        {
          body: {
            ...ok,
            move: {
              moveId: 'm1',
              packageId: 'k1',
              packageLabel: TAG,
              productName: 'Blue Dream',
              from: 'Sales floor',
              to: 'Vault',
              note: 'Recall hold',
              by: 'manager',
              at: '2026-11-30T16:00:00.000Z',
            },
            package: moved,
          },
        },
      ],
    });
    const store = usePackagesStore();
    store.open(product());
    await store.read();
    expect(store.rows[0]!.room.name).toBe('Sales floor');
    expect(useRoomsStore().rows).toHaveLength(2);
    const words = await store.move({ package: 'k1', room: 'r1', note: 'Recall hold' });
    expect(words).toBe(`Moved Blue Dream (${TAG}): Sales floor → Vault.`);
    expect(store.rows[0]!.room.name).toBe('Vault');
    expect(useRoomsStore().rows[1]!.packages).toBe(1);
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      package: 'k1',
      room: 'r1',
      note: 'Recall hold',
    });
  });

  it('throws a move’s refusal and keeps the list; reads again live only for its product', async () => {
    signedIn(['inventory:adjust']);
    const calls = fakeService({
      [`GET ${SETUP}/products/p1/packages`]: [packages(pkg()), packages(pkg({ held: 2, available: 38 }))],
      [`POST ${SETUP}/inventory/moves`]: [
        refused(
          409,
          'CONFLICT',
          `Blue Dream: package ${TAG} cannot leave the sales floor: open orders hold some of it`,
        ),
      ],
    });
    const store = usePackagesStore();
    store.open(product());
    await store.load();
    await expect(store.move({ package: 'k1', room: 'r1' })).rejects.toThrow('cannot leave the sales floor');
    expect(store.rows).toHaveLength(1);
    await store.changed(['p2']);
    expect(calls).toHaveLength(2);
    await store.changed(['p1']);
    expect(store.rows[0]!.held).toBe(2);
    store.close();
    await store.changed([]);
    expect(calls).toHaveLength(3);
  });

  it('count the days to each expiry from the store’s today, in the time zone it was just given', async () => {
    // 07:00 UTC on Dec 2: still Dec 1 in Los Angeles, already Dec 2 in Auckland.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T07:00:00Z') });
    signedIn(['inventory:adjust', 'store:manage']);
    fakeService({
      'GET /v2.0/dispensary/demo': [storeIn('America/Los_Angeles'), storeIn('Pacific/Auckland')],
      'PUT /v2.0/dispensary/demo/setup/store': [savedIn('Pacific/Auckland')],
      [`GET ${SETUP}/products/p1/packages`]: [packages(pkg()), packages(pkg())],
      [`GET ${SETUP}/rooms`]: [rooms(FLOOR, VAULT)],
    });
    const store = usePackagesStore();
    store.open(product());
    await store.read();
    expect(store.today).toBe('2026-12-01');
    store.close();
    await saveTimeZone('Pacific/Auckland');
    store.open(product());
    await store.read();
    expect(store.today).toBe('2026-12-02');
  });

  it('says why the packages could not be read', async () => {
    signedIn(['inventory:adjust']);
    fakeService({
      [`GET ${SETUP}/products/p1/packages`]: [refused(404, 'NOT_FOUND', 'demo has no product with the id or SKU p1')],
    });
    const store = usePackagesStore();
    store.open(product());
    await store.load();
    expect(store.error).toBe('Demo has no product with the id or SKU p1.');
    expect(store.loaded).toBe(false);
  });
});
