// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdjustmentView } from '../../../../shared/contracts/inventory.js';
import { useAdjustmentsStore } from '../../../../renderer/backoffice/stores/adjustments.js';
import { useProductsStore } from '../../../../renderer/backoffice/stores/products.js';
import { useStockAdjustStore } from '../../../../renderer/backoffice/stores/stock-adjust.js';
import { fakeService, refused, savedIn, saveTimeZone, signedIn, storeIn, type Answer } from './fake-service.js';
import { heldService } from '../held-service.js';
import { product } from './product-fixture.js';

const INVENTORY = '/v2.0/dispensary/demo/setup/inventory';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const STORE = storeIn('America/Los_Angeles');
const REASONS: Answer = {
  body: {
    ...ok,
    profile: null,
    reasons: [{ code: 'damage', name: 'Damaged', stateReason: 'Damage', noteRequired: false }],
    pinAbove: 0,
  },
};
const adjustment = (fields: Partial<AdjustmentView> = {}): AdjustmentView => ({
  adjustmentId: 'a1',
  packageId: 'k1',
  packageLabel: '1A4060300003D12000000001',
  productId: 'p1',
  productName: 'Blue Dream',
  sku: 'FLW-001',
  unitType: 'g',
  delta: -1,
  quantityBefore: 40,
  quantityAfter: 39,
  reason: 'damage',
  reasonName: 'Damaged',
  note: 'Jar dropped',
  by: 'cashier',
  byName: 'Casey Cashier',
  approvedBy: 'manager',
  approvedByName: 'Morgan Manager',
  approvedByOther: true,
  at: '2026-11-30T16:00:00.000Z',
  storeDay: '2026-11-30',
  ...fields,
});
const page = (rows: AdjustmentView[], nextCursor: string | null = null): Answer => ({
  body: { ...ok, adjustments: rows, nextCursor },
});

afterEach(() => vi.unstubAllGlobals());

describe('the adjustment history', () => {
  beforeEach(() => signedIn(['store:manage', 'inventory:adjust']));

  it('reads newest first under the filters, in the store’s time zone, and pages on with More', async () => {
    const calls = fakeService({
      'GET /v2.0/dispensary/demo': [STORE],
      [`GET ${INVENTORY}/adjustments`]: [page([adjustment()], 'c1'), page([adjustment({ adjustmentId: 'a0' })])],
    });
    const history = useAdjustmentsStore();
    await history.load({ reason: 'damage', from: '2026-11-01', to: '2026-11-30' });
    await history.more();
    expect(history.timeZone).toBe('America/Los_Angeles');
    expect(history.rows.map((row) => row.adjustmentId)).toEqual(['a1', 'a0']);
    expect(history.nextCursor).toBeNull();
    const asked = calls.filter((call) => call.url.pathname.endsWith('/adjustments')).map((call) => call.url.search);
    expect(asked).toEqual([
      '?reason=damage&from=2026-11-01&to=2026-11-30&limit=50',
      '?reason=damage&from=2026-11-01&to=2026-11-30&limit=50&cursor=c1',
    ]);
  });

  it('shows its times in the time zone the store was just given in its settings, without a new window', async () => {
    fakeService({
      'GET /v2.0/dispensary/demo': [STORE, storeIn('America/Denver')],
      'PUT /v2.0/dispensary/demo/setup/store': [savedIn('America/Denver')],
      [`GET ${INVENTORY}/adjustments`]: [page([adjustment()]), page([adjustment()])],
    });
    const history = useAdjustmentsStore();
    await history.load();
    expect(history.timeZone).toBe('America/Los_Angeles');
    await saveTimeZone('America/Denver');
    await history.load();
    expect(history.timeZone).toBe('America/Denver');
  });

  it('says why it could not be read, in the service’s words', async () => {
    fakeService({
      'GET /v2.0/dispensary/demo': [STORE],
      [`GET ${INVENTORY}/adjustments`]: [refused(400, 'INVALID_INPUT', 'reason is not a reason of demo: "lost"')],
    });
    const history = useAdjustmentsStore();
    await history.load({ reason: 'lost' });
    expect(history.error).toBe('Reason is not a reason of demo: "lost".');
    expect(history.rows).toEqual([]);
  });

  it('shows the rows of the last filters asked, when the answer to earlier ones comes after', async () => {
    const calls = heldService();
    /** One turn of the event loop: the store's awaits after an answer have run. */
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const history = useAdjustmentsStore();
    const everything = history.load();
    await turn();
    calls[0]!.answer(STORE);
    await turn();
    const damaged = history.load({ reason: 'damage' });
    await turn();
    const reads = calls.filter((call) => call.url.pathname.endsWith('/adjustments'));
    expect(reads.map((call) => call.url.searchParams.get('reason'))).toEqual([null, 'damage']);
    reads[1]!.answer(page([adjustment({ adjustmentId: 'damaged' })]));
    await damaged;
    reads[0]!.answer(page([adjustment({ adjustmentId: 'any', reason: 'theft' })], 'c9'));
    await everything;
    expect(history.rows.map((row) => row.adjustmentId)).toEqual(['damaged']);
    expect(history.nextCursor).toBeNull();
    expect(history.loading).toBe(false);
  });
});

describe('adjusting a product’s stock', () => {
  it('reads the reasons and PIN policy once, saves, and has the history read again', async () => {
    signedIn(['inventory:adjust']);
    const calls = fakeService({
      [`GET ${INVENTORY}/reasons`]: [REASONS],
      [`POST ${INVENTORY}/adjustments`]: [
        refused(403, 'APPROVAL_REQUIRED', "the store asks for a manager's PIN for every adjustment"),
        { body: { ...ok, adjustment: adjustment() } },
      ],
    });
    const adjust = useStockAdjustStore();
    const history = useAdjustmentsStore();
    history.loaded = true;
    await adjust.loadReasons();
    await adjust.loadReasons();
    expect(adjust.pinAbove).toBe(0);
    expect(adjust.approver).toBe(false);
    const body = { package: 'k1', delta: -1, reason: 'damage' };
    await expect(adjust.adjust(body)).rejects.toThrow("the store asks for a manager's PIN");
    expect(history.loaded).toBe(true);
    const saved = await adjust.adjust({ ...body, approval: { username: 'manager', pin: '2580' } });
    expect(saved.approvedBy).toBe('manager');
    expect(history.loaded).toBe(false);
    expect(calls.filter((call) => call.url.pathname.endsWith('/reasons'))).toHaveLength(1);
  });

  it('reads each package’s own stock, not the whole floor the product’s row counts', async () => {
    signedIn(['inventory:adjust']);
    const pkg = (packageId: string, onHand: number) => ({ packageId, onHand, sellsNext: packageId === 'k2' });
    const calls = fakeService({
      'GET /v2.0/dispensary/demo/setup/products/p1/packages': [
        { body: { ...ok, packages: [pkg('k2', 40), pkg('k1', 38)] } },
      ],
    });
    const adjust = useStockAdjustStore();
    const packages = await adjust.packagesOf(product({ packageId: 'k1', quantityOnHand: 78 }));
    expect(packages.map((p) => [p.packageId, p.onHand])).toEqual([
      ['k2', 40],
      ['k1', 38],
    ]);
    expect(calls).toHaveLength(1);
  });

  it('lists a cashier’s products from the catalog, which they may read', async () => {
    signedIn(['inventory:adjust', 'ticket:read']);
    const item = {
      ...product(),
      price: '35.00',
      barcodes: '012345678905',
      inStock: true,
    };
    const calls = fakeService({
      'GET /v2.0/dispensary/demo/catalog': [{ body: { ...ok, items: [item], nextCursor: null } }],
    });
    const products = useProductsStore();
    products.typed = 'dream';
    await products.apply({ type: 'FLOWER', brand: 'Humboldt Hills' });
    expect(products.manages).toBe(false);
    expect(calls[0]!.url.search).toBe('?search=dream&type=FLOWER&limit=50');
    expect(products.rows[0]).toMatchObject({
      name: 'Blue Dream',
      priceCents: 3500,
      packageId: 'k1',
      quantityOnHand: 40,
      quantityAvailable: 38,
      barcodes: ['012345678905'],
      stock: 'in_stock',
    });
  });
});
