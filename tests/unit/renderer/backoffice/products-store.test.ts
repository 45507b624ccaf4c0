// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductView } from '../../../../shared/contracts/products.js';
import { ApiError } from '../../../../renderer/common/http.js';
import { bodyOf } from '../../../../renderer/backoffice/logic/product-draft.js';
import { useProductsStore } from '../../../../renderer/backoffice/stores/products.js';
import { useProductTagsStore } from '../../../../renderer/backoffice/stores/product-tags.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';
import { heldService } from '../held-service.js';
import { product } from './product-fixture.js';

const PRODUCTS = '/v2.0/dispensary/demo/setup/products';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const page = (products: ProductView[], nextCursor: string | null = null): Answer => ({
  body: { ...ok, products, nextCursor },
});
/** One turn of the event loop: the store's awaits after an answer have run. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const one = (view: ProductView): Answer => ({ body: { ...ok, product: view } });
const blueDream = product();
const weddingCake = product({ productId: 'p2', sku: 'FLW-003', name: 'Wedding Cake', barcodes: [] });

beforeEach(() => signedIn(['store:manage']));
afterEach(() => vi.unstubAllGlobals());

describe('the product list', () => {
  it('applies the filters and the words typed, pages on, and reads the rows shown again on a change, keeping what is typed', async () => {
    const calls = fakeService({
      [`GET ${PRODUCTS}`]: [
        page([blueDream], 'c1'),
        page([weddingCake]),
        page([{ ...blueDream, priceCents: 3600 }, weddingCake]),
      ],
    });
    const products = useProductsStore();
    products.typed = 'dream';
    await products.apply({ stock: 'low' });
    await products.more();
    expect(products.rows.map((row) => row.name)).toEqual(['Blue Dream', 'Wedding Cake']);
    products.typed = 'wedd';
    await products.changed(['p1']);
    expect(products.rows[0]!.priceCents).toBe(3600);
    expect(products.typed).toBe('wedd');
    const queries = calls.map((call) => call.url.searchParams.toString());
    expect(queries).toEqual([
      'search=dream&stock=low&limit=50',
      'search=dream&stock=low&limit=50&cursor=c1',
      // The same filters (not what is typed since), as many rows as were shown.
      'search=dream&stock=low&limit=50',
    ]);
    expect(products.brands).toEqual(['Humboldt Hills']);
  });

  it('shows the rows of the last filters asked, when the answer to earlier ones comes after', async () => {
    const calls = heldService();
    const products = useProductsStore();
    const opening = products.apply();
    const edibles = products.apply({ type: 'EDIBLE' });
    await turn();
    expect(calls.map((call) => call.url.searchParams.get('type'))).toEqual([null, 'EDIBLE']);
    calls[1]!.answer(page([weddingCake]));
    await edibles;
    // The whole list, asked first, answers last: dropped, and so is a failure of it.
    calls[0]!.answer(page([blueDream, weddingCake], 'c1'));
    await opening;
    expect(products.rows.map((row) => row.name)).toEqual(['Wedding Cake']);
    expect(products.nextCursor).toBeNull();
    expect(products.loading).toBe(false);
    const vapes = products.apply({ type: 'VAPE' });
    const flower = products.apply({ type: 'FLOWER' });
    await turn();
    calls[3]!.answer(page([blueDream]));
    await flower;
    calls[2]!.answer(refused(503, 'UNAVAILABLE', 'The service is busy.'));
    await vapes;
    expect(products.error).toBe('');
    expect(products.rows.map((row) => row.name)).toEqual(['Blue Dream']);
  });

  it('drops a next page asked under filters changed since, and asks none while a read is on its way', async () => {
    const calls = heldService();
    const products = useProductsStore();
    const opening = products.apply();
    await turn();
    calls[0]!.answer(page([blueDream], 'c1'));
    await opening;
    const older = products.more();
    await products.more(); // the first page after is still on its way: not asked twice
    const edibles = products.apply({ type: 'EDIBLE' });
    await turn();
    expect(calls.map((call) => call.url.searchParams.toString())).toEqual([
      'limit=50',
      'limit=50&cursor=c1',
      'type=EDIBLE&limit=50',
    ]);
    calls[2]!.answer(page([weddingCake]));
    await edibles;
    calls[1]!.answer(page([product({ productId: 'p3', name: 'Gelato' })]));
    await older;
    expect(products.rows.map((row) => row.name)).toEqual(['Wedding Cake']);
  });

  it('does not read the list for a change before it was ever shown', async () => {
    const calls = fakeService({});
    await useProductsStore().changed(['p1']);
    expect(calls).toEqual([]);
  });
});

describe('a product changed, added or archived', () => {
  it('sends only the fields changed, and says when someone else changed the open product meanwhile', async () => {
    const elsewhere = { ...blueDream, brand: 'Hills', updatedAt: '2026-11-29T11:00:00.000Z' };
    const saved = { ...elsewhere, priceCents: 3600, updatedAt: '2026-11-29T11:01:00.000Z' };
    const calls = fakeService({
      [`GET ${PRODUCTS}`]: [page([blueDream]), page([elsewhere])],
      [`GET ${PRODUCTS}/p1`]: [one(blueDream), one(elsewhere)],
      [`PATCH ${PRODUCTS}/p1`]: [one(saved)],
    });
    const products = useProductsStore();
    await products.apply();
    await products.open(blueDream);
    products.draft.price = '36';
    expect(products.unsaved).toBe(true);
    await products.changed(['p1']);
    expect(products.changedElsewhere).toBe(true);
    expect(products.draft.price).toBe('36');
    const checked = bodyOf(products.draft);
    if (!checked.ok) throw new Error(checked.sentence);
    expect(await products.save(checked.body)).toBe('Saved Blue Dream.');
    expect(calls.at(-1)!.body).toEqual({ priceCents: 3600 });
    expect(products.changedElsewhere).toBe(false);
    expect(products.rows[0]).toEqual(saved);
    // The form now shows the product as saved, the other manager's brand with it.
    expect(products.draft).toMatchObject({ brand: 'Hills', price: '36.00' });
    expect(products.unsaved).toBe(false);
  });

  it('sends the tags typed, and offers them for the store from then on', async () => {
    const tagged = { ...blueDream, tags: ['staff-pick', 'Limited'] };
    const calls = fakeService({
      [`GET ${PRODUCTS}/p1`]: [one(blueDream)],
      [`PATCH ${PRODUCTS}/p1`]: [one(tagged)],
    });
    const tags = useProductTagsStore();
    tags.tags = ['clearance', 'limited'];
    const products = useProductsStore();
    await products.open(blueDream);
    products.draft.tags = 'staff-pick, Limited';
    const checked = bodyOf(products.draft);
    if (!checked.ok) throw new Error(checked.sentence);
    expect(await products.save(checked.body)).toBe('Saved Blue Dream.');
    expect(calls.at(-1)!.body).toEqual({ tags: ['staff-pick', 'Limited'] });
    expect(products.draft.tags).toBe('staff-pick, Limited');
    // Each once in any case, sorted: "limited" was the store's already.
    expect(tags.tags).toEqual(['clearance', 'limited', 'staff-pick']);
  });

  it('shows the open product as it is now when it changes elsewhere and nothing was typed', async () => {
    const elsewhere = { ...blueDream, priceCents: 3800, updatedAt: '2026-11-29T11:00:00.000Z' };
    fakeService({
      [`GET ${PRODUCTS}`]: [page([blueDream]), page([elsewhere])],
      [`GET ${PRODUCTS}/p1`]: [one(blueDream), one(elsewhere)],
    });
    const products = useProductsStore();
    await products.apply();
    await products.open(blueDream);
    await products.changed(['p1']);
    expect(products.changedElsewhere).toBe(false);
    expect(products.draft.price).toBe('38.00');
    expect(products.selected).toEqual(elsewhere);
  });

  it('asks before dropping what was typed: kept when the manager stays, dropped when they discard', async () => {
    fakeService({ [`GET ${PRODUCTS}`]: [page([blueDream])], [`GET ${PRODUCTS}/p1`]: [one(blueDream)] });
    const products = useProductsStore();
    await products.apply();
    products.startAdding();
    await products.leave(products.close);
    expect(products.pane).toBe('none');
    products.startAdding();
    products.draft.name = 'OG Kush';
    await products.leave(() => products.open(blueDream));
    expect(products.leaving).not.toBeNull();
    await products.answerLeaving(false);
    expect(products.leaving).toBeNull();
    expect(products.pane).toBe('add');
    expect(products.draft.name).toBe('OG Kush');
    await products.leave(() => products.open(blueDream));
    await products.answerLeaving(true);
    expect(products.selected?.productId).toBe('p1');
    expect(products.draft.name).toBe('Blue Dream');
  });

  it('throws the refusal of a new product and keeps the list as it was; a new one goes first and opens', async () => {
    const added = product({ productId: 'p9', sku: 'GV-OG-1', name: 'OG Kush (by the gram)', deli: true });
    fakeService({
      [`GET ${PRODUCTS}`]: [page([blueDream])],
      [`POST ${PRODUCTS}`]: [
        refused(409, 'CONFLICT', 'sku FLW-001 is used by another product of demo: Blue Dream'),
        one(added),
      ],
    });
    const products = useProductsStore();
    await products.apply();
    products.startAdding();
    const body = {
      sku: 'FLW-001',
      name: 'OG Kush (by the gram)',
      type: 'FLOWER',
      priceCents: 1100,
      taxClass: 'cannabis',
    };
    await expect(products.save(body)).rejects.toBeInstanceOf(ApiError);
    expect(products.rows).toHaveLength(1);
    expect(products.pane).toBe('add');
    expect(await products.save({ ...body, sku: 'GV-OG-1' })).toMatch(/^Added OG Kush \(by the gram\)\./);
    expect(products.rows.map((row) => row.productId)).toEqual(['p9', 'p1']);
    expect(products.pane).toBe('edit');
    expect(products.selected).toEqual(added);
  });

  it('takes an archived product off the list on sale, and a product brought back off the archived list', async () => {
    fakeService({
      [`GET ${PRODUCTS}`]: [page([blueDream, weddingCake]), page([{ ...weddingCake, archived: true }])],
      [`GET ${PRODUCTS}/p1`]: [one(blueDream)],
      [`GET ${PRODUCTS}/p2`]: [one({ ...weddingCake, archived: true })],
      [`POST ${PRODUCTS}/p1/archive`]: [one({ ...blueDream, archived: true })],
      [`POST ${PRODUCTS}/p2/unarchive`]: [one(weddingCake)],
    });
    const products = useProductsStore();
    await products.apply();
    await products.open(blueDream);
    expect(await products.setArchived(true)).toMatch(/^Archived Blue Dream/);
    expect(products.rows.map((row) => row.name)).toEqual(['Wedding Cake']);
    expect(products.selected?.archived).toBe(true);
    await products.apply({ archived: true });
    await products.open(products.rows[0]!);
    expect(await products.setArchived(false)).toMatch(/^Brought back Wedding Cake/);
    expect(products.rows).toEqual([]);
  });
});
