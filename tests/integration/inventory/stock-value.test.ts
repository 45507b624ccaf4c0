import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryValueReport } from '../../../shared/contracts/reports.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { StockValue } from '../../../shared/contracts/stock-value.js';
import { costCoverageWords } from '../../../shared/inventory/cost-coverage-words.js';
import { zonedDate } from '../../../shared/zoned-day.js';
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
      .select([
        'p.type',
        'p.sku',
        'k.on_hand_milli as onHand',
        'k.price_cents as price',
        'k.cost_cents as cost',
        'k.cost_milli as basis',
      ])
      .where('d.short_name', '=', 'demo'),
  );
  return rows.map((row) => ({
    ...row,
    onHand: Number(row.onHand),
    price: Number(row.price),
    cost: row.cost === null ? null : Number(row.cost),
    basis: Number(row.basis),
  }));
}

/** The value the packages add up to, worked out here from the rows: each category rounded once. */
async function expectedValue() {
  type Line = { quantity: number; cost: number; retail: number; skus: Set<string>; costed: Set<string> };
  const byType = new Map<string, Line & { quantityUnknown: number; retailUnknown: number }>();
  for (const row of await packages()) {
    if (row.onHand <= 0) continue;
    const line = byType.get(row.type) ?? {
      quantity: 0,
      cost: 0,
      retail: 0,
      skus: new Set(),
      costed: new Set(),
      quantityUnknown: 0,
      retailUnknown: 0,
    };
    line.quantity += row.onHand;
    // Thousandths of a cent of each package, as the service cuts them (its exact cost, migration 068).
    if (row.cost !== null) line.cost += Math.trunc((row.onHand * row.cost * 1000) / row.basis);
    line.retail += row.onHand * row.price;
    line.skus.add(row.sku!);
    if (row.cost !== null) line.costed.add(row.sku!);
    else {
      line.quantityUnknown += row.onHand;
      line.retailUnknown += row.onHand * row.price;
    }
    byType.set(row.type, line);
  }
  return new Map(
    [...byType].map(([type, line]) => [
      type,
      {
        products: line.skus.size,
        quantityMilli: line.quantity,
        costCents: Math.round(line.cost / 1000),
        retailCents: Math.round(line.retail / 1000),
        // A product counts once: without a cost when none of its stock has one.
        withoutCost: line.skus.size - line.costed.size,
        quantityWithoutCostMilli: line.quantityUnknown,
        retailWithoutCostCents: Math.round(line.retailUnknown / 1000),
      },
    ]),
  );
}

async function expectReconciled(found: StockValue) {
  const expected = await expectedValue();
  expect(new Map(found.categories.map(({ category, categoryName: _, ...line }) => [category, line]))).toEqual(expected);
  const sum = (key: keyof StockValue['total']) => found.categories.reduce((total, line) => total + line[key], 0);
  const keys = Object.keys(found.total) as (keyof StockValue['total'])[];
  expect(found.total).toEqual(Object.fromEntries(keys.map((key) => [key, sum(key)])));
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

describe('stock value after a delivery received with its costs', () => {
  const csv = readFileSync(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url), 'utf8');
  const BLUE = '1A4FF0100000022000000201';
  const GUMMIES = '1A4FF0100000022000000202';
  const BULK = '1A4FF0100000022000000203';

  it('counts a product once, with a cost or without, and says the stock without one apart, API and report alike', async () => {
    ok(await edit('FLW-002', { unitCostCents: null }));
    const before = await value();
    ok(
      await h.call(
        h.tokens.manager,
        'POST',
        '/inventory/receipts',
        {
          format: 'csv',
          text: csv,
          room: 'Quarantine',
          packages: [
            { label: BLUE, productId: 'FLW-001' },
            { label: GUMMIES, productId: 'EDI-001', received: 8 },
            { label: BULK, refused: 'Seal broken on arrival' },
          ],
        },
        'demo',
      ),
    );
    const found = await value();
    await expectReconciled(found);
    // Blue Dream's received 40 at $14.00 each are valued: it has a cost now, counted once; its
    // other package (no cost) stays said apart, as what is without a cost of any product.
    const of = (list: StockValue, category: string) => list.categories.find((line) => line.category === category)!;
    const flower = of(found, 'FLOWER');
    const flowerBefore = of(before, 'FLOWER');
    expect(flower.costCents - flowerBefore.costCents).toBe(40 * 1400);
    expect(flower.products).toBe(flowerBefore.products);
    expect(flower.withoutCost).toBe(flowerBefore.withoutCost - 1);
    expect(flower.quantityMilli - flowerBefore.quantityMilli).toBe(40_000);
    expect(flower.quantityWithoutCostMilli).toBe(flowerBefore.quantityWithoutCostMilli);
    expect(flower.retailWithoutCostCents).toBe(flowerBefore.retailWithoutCostCents);
    const edibles = of(found, 'EDIBLE');
    const ediblesBefore = of(before, 'EDIBLE');
    expect(edibles.costCents - ediblesBefore.costCents).toBe(Math.round((8 * 125050) / 10));
    expect(edibles.withoutCost).toBe(ediblesBefore.withoutCost - 1);
    expect(edibles.quantityWithoutCostMilli).toBe(ediblesBefore.quantityWithoutCostMilli);
    expect(found.total.withoutCost).toBe(before.total.withoutCost - 2);
    expect(costCoverageWords(found.total)).toContain(
      `${found.total.withoutCost} of the ${found.total.products} products in stock have no cost`,
    );

    // The inventory value report of today (the store's day, not UTC's) says the same of the same stock.
    const day = zonedDate(new Date(found.asOf), 'America/Los_Angeles');
    const today = await h.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/reports/inventory-value?from=${day}&to=${day}`,
      headers: { authorization: `Bearer ${h.tokens.manager}` },
    });
    expect(today.statusCode, today.body).toBe(200);
    const report = today.json<InventoryValueReport>();
    const { quantityMilli: _, ...figures } = report.total;
    const { quantityMilli: __, ...stock } = found.total;
    expect(figures).toEqual({ ...stock });
    expect(report.total.quantityMilli).toBe(found.total.quantityMilli);
  });
});
