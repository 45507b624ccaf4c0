// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { nextTick } from 'vue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealView } from '../../../../shared/contracts/deals.js';
import { ApiError } from '../../../../renderer/common/http.js';
import { dealOfDraft } from '../../../../renderer/backoffice/logic/deal-draft.js';
import { useDealsStore } from '../../../../renderer/backoffice/stores/deals.js';
import { useProductTagsStore } from '../../../../renderer/backoffice/stores/product-tags.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';
import { dealView } from './deal-fixture.js';
import { heldService } from '../held-service.js';

const DEALS = '/v2.0/dispensary/demo/setup/deals';
const PRODUCTS = '/v2.0/dispensary/demo/setup/products';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const list = (deals: DealView[]): Answer => ({ body: { ...ok, deals, count: deals.length } });
const one = (deal: DealView): Answer => ({ body: { ...ok, deal } });
const wednesday = dealView();
const spring = dealView({ id: 'd2', name: 'Spring code', trigger: 'code', code: 'SPRING10', percent: 10 });

beforeEach(() => signedIn(['store:manage']));
afterEach(() => vi.unstubAllGlobals());

describe('the deals list', () => {
  it('shows the deals of the status chosen, active first', async () => {
    const calls = fakeService({ [`GET ${DEALS}`]: [list([wednesday, spring]), list([])] });
    const deals = useDealsStore();
    await deals.load();
    expect(deals.rows.map((row) => row.name)).toEqual(['Wednesday edibles', 'Spring code']);
    await deals.load('paused');
    expect(deals.status).toBe('paused');
    expect(deals.rows).toEqual([]);
    expect(calls.map((call) => call.url.search)).toEqual(['?status=active', '?status=paused']);
  });

  it('says the service’s words when the list cannot be read, and keeps the rows shown', async () => {
    fakeService({ [`GET ${DEALS}`]: [list([wednesday]), refused(403, 'FORBIDDEN', 'You may not set this store up')] });
    const deals = useDealsStore();
    await deals.load();
    await deals.load();
    expect(deals.error).toBe('You may not set this store up');
    expect(deals.rows).toHaveLength(1);
  });

  it('shows the last status asked when an earlier read (or its failure) answers after, and keeps loading until then', async () => {
    const calls = heldService();
    const deals = useDealsStore();
    const active = deals.load();
    const paused = deals.load('paused');
    const activeAgain = deals.load('active');
    calls[0]!.answer(refused(503, 'UNAVAILABLE', 'The service is busy.'));
    await active;
    calls[1]!.answer(list([spring]));
    await paused;
    expect(deals.error).toBe('');
    expect(deals.loading).toBe(true);
    calls[2]!.answer(list([wednesday]));
    await activeAgain;
    expect(deals.rows.map((row) => row.name)).toEqual(['Wednesday edibles']);
    expect(deals.loading).toBe(false);
  });

  it('pauses a deal, saying so, and reads the list again (it leaves the active ones)', async () => {
    const calls = fakeService({
      [`PATCH ${DEALS}/d2`]: [one({ ...spring, active: false })],
      [`GET ${DEALS}`]: [list([wednesday])],
    });
    const deals = useDealsStore();
    await deals.setActive(spring, false);
    expect(calls[0]!.body).toEqual({ active: false });
    expect(deals.message).toBe(
      'Paused Spring code: it is kept, and applies again when you resume it. It is under "Paused".',
    );
    expect(deals.rows).toEqual([wednesday]);
  });

  it('says a refused resume in the form’s words: the field as the form labels it, never the API’s name', async () => {
    const bundle = dealView({ id: 'd4', name: '3 pre-rolls', kind: 'bundle', active: false });
    const words =
      'of $90.00 for 3 never saves anything: its dearest product is $12.00, so any 3 cost at most $36.00. ' +
      "Lower the bundle's price, or add dearer products to it";
    fakeService({ [`PATCH ${DEALS}/d4`]: [refused(400, 'INVALID_INPUT', `bundlePriceCents ${words}`)] });
    const deals = useDealsStore();
    await deals.setActive(bundle, true);
    expect(deals.error).toBe(`Bundle price ${words}.`);
    expect(deals.message).toBe('');
  });

  it('archives a deal, closing its form if open', async () => {
    fakeService({
      [`GET ${DEALS}/d1`]: [one(wednesday)],
      [`DELETE ${DEALS}/d1`]: [one({ ...wednesday, active: false })],
      [`GET ${DEALS}`]: [list([])],
    });
    const deals = useDealsStore();
    await deals.open(wednesday);
    expect(deals.pane).toBe('edit');
    await deals.archive(wednesday);
    expect(deals.pane).toBe('none');
    expect(deals.message).toBe('Archived Wednesday edibles: it no longer applies. It is under "Archived".');
  });
});

describe('the deal form', () => {
  it('opens a deal with its products by name, and sends only what changed', async () => {
    const named = dealView({ scope: { productIds: ['p1'], brands: [], categories: [], tags: [] } });
    const calls = fakeService({
      [`GET ${DEALS}/d1`]: [one(named)],
      [`GET ${PRODUCTS}/p1`]: [
        { body: { ...ok, product: { productId: 'p1', name: 'Camino Gummies', sku: 'EDI-001' } } },
      ],
      [`PATCH ${DEALS}/d1`]: [one({ ...named, percent: 25 })],
      [`GET ${DEALS}`]: [list([{ ...named, percent: 25 }])],
    });
    const deals = useDealsStore();
    await deals.open(named);
    expect(deals.draft.products).toEqual([{ id: 'p1', name: 'Camino Gummies', sku: 'EDI-001' }]);
    expect(deals.unsaved).toBe(false);
    deals.draft.percent = '25';
    expect(deals.unsaved).toBe(true);
    expect(await deals.save(dealOfDraft(deals.draft, deals.selected).body)).toBe('Saved Wednesday edibles.');
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ percent: 25 });
    expect(deals.unsaved).toBe(false);
    expect(deals.draft.products[0]!.name).toBe('Camino Gummies');
  });

  it('says a limit lowered to the uses a deal had stops it at once', async () => {
    const used = dealView({ totalLimit: 5, uses: 2 });
    fakeService({
      [`GET ${DEALS}/d1`]: [one(used)],
      [`PATCH ${DEALS}/d1`]: [one({ ...used, totalLimit: 1, usedUp: true })],
      [`GET ${DEALS}`]: [list([{ ...used, totalLimit: 1, usedUp: true }])],
    });
    const deals = useDealsStore();
    await deals.open(used);
    expect(await deals.save({ ...dealOfDraft(deals.draft, deals.selected).body, totalLimit: 1 })).toBe(
      'Saved Wednesday edibles. It was used 2 times already: it applies to no more sales.',
    );
  });

  it('adds a new deal; a refusal is thrown for the form to place, and what was typed stays', async () => {
    fakeService({
      [`POST ${DEALS}`]: [
        refused(400, 'INVALID_INPUT', 'code is taken: Spring code has the code SPRING10'),
        one({ ...spring, id: 'd3', name: 'Spring again', code: 'SPRING11' }),
      ],
      [`GET ${DEALS}`]: [list([spring])],
    });
    const deals = useDealsStore();
    deals.startAdding();
    Object.assign(deals.draft, { name: 'Spring again', percent: '10', trigger: 'code', code: 'spring10' });
    const failure = await deals.save(dealOfDraft(deals.draft).body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(deals.pane).toBe('add');
    expect(deals.draft.code).toBe('spring10');
    deals.draft.code = 'spring11';
    expect(await deals.save(dealOfDraft(deals.draft).body)).toBe('Added Spring again.');
    expect(deals.pane).toBe('edit');
    expect(deals.message).toBe('Added Spring again.');
    // A change typed since (a refusal of it or not) makes "Added" past news: it goes.
    deals.draft.percent = '15';
    await nextTick();
    expect(deals.message).toBe('');
  });

  it('asks before dropping what is typed, and does what was asked once the manager agrees', async () => {
    fakeService({});
    const deals = useDealsStore();
    deals.startAdding();
    deals.draft.name = 'Half-typed';
    await deals.leave(deals.close);
    expect(deals.leaving).not.toBeNull();
    expect(deals.pane).toBe('add');
    await deals.answerLeaving(true);
    expect(deals.pane).toBe('none');
  });

  it('offers the store’s categories, its products’ brands and its loyalty tiers, and finds products by name or SKU', async () => {
    const product = (productId: string, name: string, brand: string, sku: string) => ({ productId, name, brand, sku });
    const calls = fakeService({
      'GET /v2.0/dispensary/demo/catalog/categories': [
        {
          body: {
            ...ok,
            categories: [
              { type: 'EDIBLE', count: 3, inStock: 3 },
              { type: 'PREROLL', count: 4, inStock: 4 },
            ],
          },
        },
      ],
      [`GET ${PRODUCTS}`]: [
        {
          body: {
            ...ok,
            products: [
              product('p1', 'A', 'Kiva', 'E1'),
              product('p2', 'B', '', 'E2'),
              product('p3', 'C', 'Kiva', 'E3'),
            ],
            nextCursor: null,
          },
        },
        { body: { ...ok, products: [product('p4', 'Blue Dream Pre-Roll', 'Lazy Lynx', 'PRE-001')], nextCursor: null } },
      ],
      'GET /v2.0/dispensary/demo/setup/store': [
        {
          body: {
            ...ok,
            store: { loyalty: { enabled: true, tiers: [{ name: 'Gold', minPoints: 500, bonusPercent: 25 }] } },
          },
        },
      ],
      'GET /v2.0/dispensary/demo/setup/product-tags': [{ body: { ...ok, tags: ['clearance', 'staff-pick'] } }],
    });
    const deals = useDealsStore();
    await deals.loadChoices();
    // The tags the scope offers are the products' (the store of the products' tags).
    expect(useProductTagsStore().tags).toEqual(['clearance', 'staff-pick']);
    expect(deals.categories).toEqual(['EDIBLE', 'PREROLL']);
    expect(deals.brands).toEqual(['Kiva']);
    expect(deals.tiers).toEqual(['Gold']);
    expect(await deals.findProducts('pre-001')).toEqual([{ id: 'p4', name: 'Blue Dream Pre-Roll', sku: 'PRE-001' }]);
    expect(calls.at(-1)!.url.searchParams.get('search')).toBe('pre-001');
    expect(await deals.findProducts('  ')).toEqual([]);
  });
});
