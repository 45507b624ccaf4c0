import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView } from '../../../shared/contracts/deals.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import { formatMoney } from '../../../shared/money.js';
import { NEW_FLOWER } from '../products/support/product-fixtures.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A store's deals (README "Deals"): a manager adds, changes, pauses and archives them; every
// problem is refused in words naming its field, and nothing of the request is kept; a promo code is
// one deal's; products are named by id or SKU, never another store's; each change is audited.
let h: SetupHarness;
let product: ProductView;
let mesaProduct: ProductView;

beforeAll(async () => {
  h = await setupHarness();
  await addStore(h.app, 'mesa');
  const products = (store: string) =>
    h
      .call(h.tokens.manager, 'GET', '/products?limit=5', undefined, store)
      .then((answer) => ok<{ products: ProductView[] }>(answer).products);
  product = (await products('demo')).find((p) => p.sku)!;
  const taxClass = { code: 'cannabis', name: 'Cannabis at mesa', rates: [{ name: 'Excise', percent: '15' }] };
  ok(await h.call(h.tokens.admin, 'POST', '/tax-classes', taxClass, 'mesa'));
  const added = await h.call(h.tokens.admin, 'POST', '/products', { ...NEW_FLOWER, sku: 'MESA-1' }, 'mesa');
  mesaProduct = ok<{ product: ProductView }>(added).product;
});
afterAll(() => h.close());

const manager = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const scope = (over: Partial<DealView['scope']> = {}) => ({
  productIds: [],
  brands: [],
  categories: [],
  tags: [],
  ...over,
});
const add = async (body: Record<string, unknown>) => ok<{ deal: DealView }>(await manager('POST', '/deals', body)).deal;
const listed = async (status = 'all') =>
  ok<{ deals: DealView[]; count: number }>(await manager('GET', `/deals?status=${status}`)).deals;

describe('a store’s deals', () => {
  it('adds a weekday deal on a category, lists it with its words, and audits it', async () => {
    const deal = await add({
      name: 'Wednesday edibles',
      kind: 'percent',
      percent: 20,
      scope: scope({ categories: ['edible'] }),
      schedule: { startDate: null, endDate: null, weekdays: [3], startMinute: null, endMinute: null },
    });
    expect(deal).toMatchObject({
      name: 'Wednesday edibles',
      kind: 'percent',
      percent: 20,
      scope: scope({ categories: ['EDIBLE'] }),
      trigger: 'automatic',
      exclusive: false,
      active: true,
      warning: null,
    });
    expect(deal.summary).toMatch(/20 ?% off/);
    expect(deal.when).toMatch(/Wednesday/);
    expect((await listed()).map((d) => d.id)).toContain(deal.id);
    const { db } = h.app.ctx;
    const audited = await db.all(
      db.builder.selectFrom('audit_events').select(['action', 'reason']).where('action', '=', 'deal_added'),
    );
    expect(audited).toEqual([expect.objectContaining({ reason: expect.stringContaining('Wednesday edibles') })]);
  });

  it('takes a scope or schedule written in part: a new deal’s other members are their defaults, a change’s are kept', async () => {
    const deal = await add({
      name: 'Weekend pre-rolls',
      kind: 'percent',
      percent: 15,
      scope: { categories: ['pre-rolls'] },
      schedule: { weekdays: [0, 6] },
    });
    expect(deal.scope).toEqual(scope({ categories: ['PREROLL'] }));
    expect(deal.schedule).toEqual({
      startDate: null,
      endDate: null,
      weekdays: [0, 6],
      startMinute: null,
      endMinute: null,
    });
    const changed = ok<{ deal: DealView }>(
      await manager('PATCH', `/deals/${deal.id}`, {
        scope: { brands: ['Pacific Roots'] },
        schedule: { startMinute: 16 * 60, endMinute: 18 * 60 },
      }),
    ).deal;
    expect(changed.scope).toEqual(scope({ categories: ['PREROLL'], brands: ['Pacific Roots'] }));
    expect(changed.schedule).toEqual({
      startDate: null,
      endDate: null,
      weekdays: [0, 6],
      startMinute: 960,
      endMinute: 1080,
    });
    expect(changed.when).toMatch(/Saturday|Sunday|weekend/i);
    refused(
      await manager('POST', '/deals', { name: 'Odd', kind: 'percent', percent: 5, scope: { flavours: [] } }),
      400,
      /flavours/,
    );
  });

  it('takes products by SKU, and refuses another store’s or an unknown one in words, keeping nothing', async () => {
    const deal = await add({
      name: 'Flower $5 off',
      kind: 'amount',
      amountCents: 500,
      scope: scope({ productIds: [product.sku!] }),
    });
    expect(deal.scope.productIds).toEqual([product.productId]);
    const before = await listed();
    refused(
      await manager('POST', '/deals', {
        name: 'Theirs',
        kind: 'percent',
        percent: 10,
        scope: scope({ productIds: [mesaProduct.productId, 'NO-SUCH-SKU'] }),
      }),
      400,
      new RegExp(
        `scope\\.productIds.*names no product of Green Valley Dispensary: ${mesaProduct.productId}, NO-SUCH-SKU`,
      ),
    );
    expect(await listed()).toEqual(before);
  });

  it('refuses a bundle with no products, a negative price and a schedule that never runs, each in words', async () => {
    const before = await listed();
    const bundle = await manager('POST', '/deals', {
      name: 'Any 3',
      kind: 'bundle',
      bundleQuantity: 3,
      bundlePriceCents: 2000,
    });
    expect(bundle.statusCode, bundle.body).toBe(400);
    expect(bundle.json().resultDetail).toBe(
      'A bundle needs products in its scope: name its products, brands, categories or tags',
    );
    const negative = await manager('POST', '/deals', { name: 'Cheap', kind: 'fixed_price', priceCents: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().resultDetail).toBe(
      'The price of each unit must be more than $0.00 (a free item is a buy X get Y deal)',
    );
    const never = await manager('POST', '/deals', {
      name: 'Never',
      kind: 'percent',
      percent: 5,
      schedule: { startDate: '2026-12-31', endDate: '2026-12-01', weekdays: [], startMinute: null, endMinute: null },
    });
    expect(never.statusCode, never.body).toBe(400);
    expect(never.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail: 'The deal ends before it starts: the end date must be on or after the start',
    });
    const percent = await manager('POST', '/deals', { name: 'Odd', kind: 'percent', percent: 12.34567 });
    expect(percent.statusCode).toBe(400);
    expect(percent.json().resultDetail).toMatch(/percent has at most 4 decimals/);
    // A rate of 0 saves nothing: the schema says the rule it keeps, for 0 as for -5 or 101.
    for (const [kind, rate] of [
      ['percent', 0],
      ['percent', -5],
      ['percent', 101],
      ['buy_get', 0],
    ] as const) {
      const extra = kind === 'buy_get' ? { buyQuantity: 2, getQuantity: 1 } : {};
      const answer = await manager('POST', '/deals', { name: 'Nothing off', kind, percent: rate, ...extra });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({
        resultReason: 'INVALID_INPUT',
        resultDetail: `percent must be a number more than 0 and at most 100, not ${rate}`,
      });
    }
    expect(await listed()).toEqual(before);
  });

  it('refuses a price or an amount of $0.00 and one below it in the same words, and keeps a free reward', async () => {
    const before = await listed();
    const free = '(a free item is a buy X get Y deal)';
    const pre = scope({ categories: ['PREROLL'] });
    const said = async (body: Record<string, unknown>) => {
      const answer = await manager('POST', '/deals', { name: 'Nothing', scope: pre, ...body });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().resultReason).toBe('INVALID_INPUT');
      return answer.json<{ resultDetail: string }>().resultDetail;
    };
    for (const [body, words] of [
      [{ kind: 'fixed_price', priceCents: 0 }, `The price of each unit must be more than $0.00 ${free}`],
      [
        { kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 0 },
        `The bundle's price must be more than $0.00 ${free}`,
      ],
      [{ kind: 'amount', amountCents: 0 }, 'The amount off each unit must be more than $0.00'],
      [{ kind: 'weight_break', breaks: [{ weightMg: 3500, priceCents: 0 }] }, 'The price must be more than $0.00'],
    ] as const) {
      const field = Object.keys(body).find((key) => key.endsWith('Cents')) ?? 'breaks';
      expect(await said(body)).toBe(words);
      // Less than $0.00: the same words, not the schema's ("priceCents must be at least 0").
      const negative =
        field === 'breaks' ? { ...body, breaks: [{ weightMg: 3500, priceCents: -100 }] } : { ...body, [field]: -100 };
      expect(await said(negative)).toBe(words);
    }
    expect(await listed()).toEqual(before);
    // A deal on file changed to $0.00 is refused too, and keeps its price.
    const each = await add({ name: 'Pre-rolls at $5', kind: 'fixed_price', priceCents: 500, scope: pre });
    refused(
      await manager('PATCH', `/deals/${each.id}`, { priceCents: 0 }),
      400,
      /^The price of each unit must be more/,
    );
    refused(
      await manager('PATCH', `/deals/${each.id}`, { priceCents: -1 }),
      400,
      /^The price of each unit must be more/,
    );
    expect(ok<{ deal: DealView }>(await manager('GET', `/deals/${each.id}`)).deal.priceCents).toBe(500);
    ok(await manager('DELETE', `/deals/${each.id}`));
    // The free item of a buy X get Y is its reward: kept.
    const reward = await add({
      name: 'Buy 2 get 1 free',
      kind: 'buy_get',
      buyQuantity: 2,
      getQuantity: 1,
      percent: 100,
      scope: pre,
    });
    expect(reward).toMatchObject({ kind: 'buy_get', percent: 100 });
    ok(await manager('DELETE', `/deals/${reward.id}`));
  });

  it('refuses a bundle that never saves, its dearest products costing no more than its price', async () => {
    const listedProducts = ok<{ products: ProductView[] }>(await manager('GET', '/products?limit=20')).products;
    const item = listedProducts.find((one) => !one.deli && one.priceCents > 100)!;
    const each = item.priceCents;
    const before = await listed();
    const body = {
      name: 'Never a saving',
      kind: 'bundle',
      bundleQuantity: 3,
      bundlePriceCents: 3 * each,
      scope: scope({ productIds: [item.productId] }),
    };
    const never = await manager('POST', '/deals', body);
    expect(never.statusCode, never.body).toBe(400);
    expect(never.json()).toMatchObject({
      resultReason: 'INVALID_INPUT',
      resultDetail:
        // Named first, as every refusal of a field is (README "Errors"): a form puts it beside its price.
        `bundlePriceCents of ${formatMoney(3 * each)} for 3 never saves anything: its dearest product is ` +
        `${formatMoney(each)}, so any 3 cost at most ${formatMoney(3 * each)}. Lower the bundle's price, ` +
        'or add dearer products to it',
    });
    expect(await listed()).toEqual(before);
    // A cent under what three cost saves that cent: taken; raised back to it, refused again.
    const saving = await add({ ...body, bundlePriceCents: 3 * each - 1 });
    refused(await manager('PATCH', `/deals/${saving.id}`, { bundlePriceCents: 3 * each }), 400, /never saves/);
    // A change of what does not price it (its name) does not check the catalog again.
    expect(
      ok<{ deal: DealView }>(await manager('PATCH', `/deals/${saving.id}`, { name: 'Three for less' })).deal.name,
    ).toBe('Three for less');
    ok(await manager('DELETE', `/deals/${saving.id}`));
  });

  it('refuses a fixed price that never saves, no product of it dearer than the price', async () => {
    const listedProducts = ok<{ products: ProductView[] }>(await manager('GET', '/products?limit=20')).products;
    const item = listedProducts.find((one) => !one.deli && one.priceCents > 100)!;
    const before = await listed();
    const body = {
      name: 'Each at its own price',
      kind: 'fixed_price',
      priceCents: item.priceCents,
      scope: scope({ productIds: [item.productId] }),
    };
    refused(
      await manager('POST', '/deals', body),
      400,
      new RegExp(
        `^priceCents of \\${formatMoney(item.priceCents)} never saves anything: its dearest product is ` +
          `\\${formatMoney(item.priceCents)}\\. Lower the price, or add dearer products to it$`,
      ),
    );
    expect(await listed()).toEqual(before);
    // A cent under its shelf price saves that cent: taken; raised back to it, refused again.
    const saving = await add({ ...body, priceCents: item.priceCents - 1 });
    refused(await manager('PATCH', `/deals/${saving.id}`, { priceCents: item.priceCents }), 400, /never saves/);
    ok(await manager('DELETE', `/deals/${saving.id}`));
  });

  it('keeps a name one deal’s (in any case) while it is not archived', async () => {
    const first = await add({ name: 'Staff pick Friday', kind: 'percent', percent: 10 });
    refused(
      await manager('POST', '/deals', { name: 'staff pick friday', kind: 'amount', amountCents: 300 }),
      400,
      /^name is taken: another deal is called "Staff pick Friday"$/,
    );
    const other = await add({ name: 'Staff pick Saturday', kind: 'percent', percent: 10 });
    refused(await manager('PATCH', `/deals/${other.id}`, { name: 'Staff pick Friday' }), 400, /name is taken/);
    ok(await manager('PATCH', `/deals/${first.id}`, { name: 'Staff pick Friday', percent: 12 }));
    ok(await manager('DELETE', `/deals/${first.id}`));
    expect((await add({ name: 'Staff pick Friday', kind: 'percent', percent: 15 })).percent).toBe(15);
  });

  it('keeps a promo code one deal’s, upper case; a second deal with it is refused', async () => {
    const deal = await add({ name: 'Spring code', kind: 'percent', percent: 10, trigger: 'code', code: 'spring10' });
    expect(deal).toMatchObject({ trigger: 'code', code: 'SPRING10' });
    refused(
      await manager('POST', '/deals', { name: 'Copy', kind: 'percent', percent: 5, trigger: 'code', code: 'Spring10' }),
      400,
      /code is taken: Spring code has the code SPRING10/,
    );
  });

  it('pauses, resumes and archives a deal; an archived one is not changed again', async () => {
    const deal = await add({ name: 'Happy hour', kind: 'percent', percent: 15 });
    const paused = ok<{ deal: DealView }>(await manager('PATCH', `/deals/${deal.id}`, { active: false })).deal;
    expect(paused.active).toBe(false);
    expect((await listed('paused')).map((d) => d.id)).toContain(deal.id);
    expect((await listed('active')).map((d) => d.id)).not.toContain(deal.id);
    ok(await manager('PATCH', `/deals/${deal.id}`, { active: true }));
    const archived = ok<{ deal: DealView }>(await manager('DELETE', `/deals/${deal.id}`)).deal;
    expect(archived.active).toBe(false);
    expect((await listed()).map((d) => d.id)).not.toContain(deal.id);
    expect((await listed('archived')).map((d) => d.id)).toContain(deal.id);
    refused(
      await manager('PATCH', `/deals/${deal.id}`, { percent: 20 }),
      409,
      /Happy hour is archived: add a new deal/,
    );
  });

  it('names the store by its name, never its short name, for a deal it does not have', async () => {
    const unknown = '0190aaaa-0000-7000-8000-000000000000';
    const said = new RegExp(`^Green Valley Dispensary has no deal with the id ${unknown}$`);
    refused(await manager('GET', `/deals/${unknown}`), 404, said);
    refused(await manager('PATCH', `/deals/${unknown}`, { percent: 20 }), 404, said);
    refused(await manager('DELETE', `/deals/${unknown}`), 404, said);
  });

  it('warns of two exclusive automatic deals that overlap at the same priority', async () => {
    const first = await add({
      name: 'Edibles 25',
      kind: 'percent',
      percent: 25,
      exclusive: true,
      scope: scope({ categories: ['EDIBLE'] }),
    });
    const second = await add({
      name: 'Edibles 30',
      kind: 'percent',
      percent: 30,
      exclusive: true,
      scope: scope({ categories: ['EDIBLE'] }),
    });
    expect(second.warning).toMatch(/Edibles 25/);
    expect((await listed()).find((d) => d.id === first.id)!.warning).toMatch(/Edibles 30/);
  });

  it('is for managers: a cashier may not read or add deals', async () => {
    expect((await h.call(h.tokens.cashier, 'GET', '/deals', undefined, 'demo')).statusCode).toBe(403);
    expect(
      (await h.call(h.tokens.cashier, 'POST', '/deals', { name: 'Mine', kind: 'percent', percent: 50 }, 'demo'))
        .statusCode,
    ).toBe(403);
  });
});
