import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// What a store's stock is worth (README "Stock value"): a product's unit cost set by a manager, and
// the stock on hand valued at cost and at its prices by category, reconciled to the cent with the
// packages it is read from.
let h: SetupHarness;
beforeAll(async () => {
  h = await setupHarness();
});
afterAll(() => h.close());

const value = async (token = h.tokens.manager) =>
  ok<StockValue>(await h.call(token, 'GET', '/inventory/value', undefined, 'demo'));
const edit = (product: string, change: object) =>
  h.call(h.tokens.manager, 'PATCH', `/products/${product}`, change, 'demo');

/** The demo store's packages as stored: category, on hand (thousandths), price and cost. */
async function packages() {
  const { db } = h.app.ctx;
  const rows = await db.all(
    db.builder
      .selectFrom('packages as k')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .innerJoin('dispensaries as d', 'd.id', 'p.dispensary_id')
      .select(['p.type', 'p.sku', 'k.on_hand_milli as onHand', 'k.price_cents as price', 'k.unit_cost_cents as cost'])
      .where('d.short_name', '=', 'demo'),
  );
  return rows.map((row) => ({
    ...row,
    onHand: Number(row.onHand),
    price: Number(row.price),
    cost: row.cost === null ? null : Number(row.cost),
  }));
}

/** The value the packages add up to, worked out here from the rows: each category rounded once. */
async function expectedValue() {
  const byType = new Map<string, { cost: number; retail: number; skus: Set<string>; unknown: Set<string> }>();
  for (const row of await packages()) {
    if (row.onHand <= 0) continue;
    const line = byType.get(row.type) ?? { cost: 0, retail: 0, skus: new Set(), unknown: new Set() };
    line.cost += row.onHand * (row.cost ?? 0);
    line.retail += row.onHand * row.price;
    line.skus.add(row.sku!);
    if (row.cost === null) line.unknown.add(row.sku!);
    byType.set(row.type, line);
  }
  return new Map(
    [...byType].map(([type, line]) => [
      type,
      {
        products: line.skus.size,
        costCents: Math.round(line.cost / 1000),
        retailCents: Math.round(line.retail / 1000),
        withoutCost: line.unknown.size,
      },
    ]),
  );
}

async function expectReconciled(found: StockValue) {
  const expected = await expectedValue();
  expect(new Map(found.categories.map(({ category, categoryName: _, ...line }) => [category, line]))).toEqual(expected);
  const sum = (key: keyof StockValue['total']) => found.categories.reduce((total, line) => total + line[key], 0);
  expect(found.total).toEqual({
    products: sum('products'),
    costCents: sum('costCents'),
    retailCents: sum('retailCents'),
    withoutCost: sum('withoutCost'),
  });
  const retail = found.categories.map((line) => line.retailCents);
  expect(retail).toEqual([...retail].sort((a, b) => b - a));
}

describe('stock value', () => {
  it('values the demo stock at its prices by category; with no cost known, nothing at cost', async () => {
    const found = await value();
    expect(found.dispensaryShortName).toBe('demo');
    expect(found.categories.length).toBeGreaterThan(3);
    expect(found.categories.find((line) => line.category === 'FLOWER')).toMatchObject({ categoryName: 'Flower' });
    expect(found.total.costCents).toBe(0);
    expect(found.total.withoutCost).toBe(found.total.products);
    expect(found.total.retailCents).toBeGreaterThan(0);
    await expectReconciled(found);
  });

  it('counts a cost a manager sets, per gram for a weighed product, rounded once per category', async () => {
    const unit = ok<{ product: ProductView }>(await edit('FLW-001', { unitCostCents: 1800 })).product;
    expect(unit.unitCostCents).toBe(1800);
    const weighed = (await packages()).find((row) => row.type === 'FLOWER' && row.onHand % 1000 !== 0);
    if (weighed) ok(await edit(weighed.sku!, { unitCostCents: 333 }));
    const found = await value();
    await expectReconciled(found);
    const flower = found.categories.find((line) => line.category === 'FLOWER')!;
    expect(flower.withoutCost).toBe(flower.products - (weighed ? 2 : 1));
    // Clearing it: not known again, nothing at cost.
    expect(
      ok<{ product: ProductView }>(await edit('FLW-001', { unitCostCents: null })).product.unitCostCents,
    ).toBeNull();
  });

  it('refuses a cost that is not whole cents from 0, naming the field, and keeps the one on file', async () => {
    ok(await edit('FLW-002', { unitCostCents: 1000 }));
    refused(await edit('FLW-002', { unitCostCents: -1 }), 400, /unitCostCents/);
    refused(await edit('FLW-002', { unitCostCents: 12.5 }), 400, /unitCostCents/);
    refused(await edit('FLW-002', { unitCostCents: 'ten' }), 400, /unitCostCents/);
    const row = (await packages()).find((entry) => entry.sku === 'FLW-002')!;
    expect(row.cost).toBe(1000);
  });

  it("is for the store's managers: a cashier and an unknown store are refused in words", async () => {
    refused(await h.call(h.tokens.cashier, 'GET', '/inventory/value', undefined, 'demo'), 403, /.+/);
    refused(
      await h.call(h.tokens.manager, 'GET', '/inventory/value', undefined, 'nowhere'),
      404,
      /no dispensary has the short name nowhere/,
    );
  });
});
