import { describe, expect, it } from 'vitest';
import type { SalesFigures, SalesRow } from '../../../shared/contracts/reports.js';
import type { ReadRefund, RefundedLine } from '../../../electron/server/reports/report-rows.js';
import { restockedCosts } from '../../../electron/server/reports/returned-cost.js';
import { salesGroups } from '../../../electron/server/reports/sales-groups.js';
import type { CountedLine, Sale } from '../../../electron/server/reports/sales-of-rows.js';

const line = (itemId: string, grossCents: number, quantityMilli: number, costCents: number | null): CountedLine => ({
  itemId,
  productId: itemId,
  category: itemId === 'papers' ? 'ACCESSORY' : 'FLOWER',
  brand: '',
  name: itemId,
  quantityMilli,
  weighedMilli: 0,
  grossCents,
  discountCents: 0,
  taxCents: 0,
  costCents,
  deals: [],
});

/** Two Blue Dream at $35.00 (they cost $12.00 each: $24.00) and papers at $3.00 of no known cost, untaxed. */
const sale = (orderId: string): Sale => ({
  orderId,
  closedAt: '2026-11-17T18:00:00.000Z',
  day: '2026-11-17',
  hour: 10,
  register: null,
  budtender: '',
  customerType: 'adult_use',
  grossCents: 7300,
  discountCents: 0,
  taxCents: 0,
  taxes: [],
  deliveryCents: 0,
  rewardCents: 0,
  lines: [line('flower', 7000, 2000, 2400), line('papers', 300, 1000, null)],
});

const refund = (orderId: string | null, amount: number, lines: RefundedLine[] = []): ReadRefund => ({
  refundId: `r-${orderId}`,
  dispensaryId: 'd',
  amount,
  at: '2026-11-17T20:00:00.000Z',
  method: 'Cash',
  orderId,
  saleAt: '2026-11-17T18:00:00.000Z',
  closedAt: '2026-11-17T18:00:00.000Z',
  paid: 7300,
  refundedEarlier: 0,
  lines,
});

/** One Blue Dream given back by items ($35.00), put back in stock or not. */
const oneFlower = (orderId: string, restocked: boolean) =>
  refund(orderId, 3500, [{ itemId: 'flower', amountCents: 3500, taxCents: 0, restockedMilli: restocked ? 1000 : 0 }]);

/** The products' rows of `sales` with `refunds`, by key. */
function byProduct(sales: Sale[], refunds: ReadRefund[]): Record<string, SalesRow> {
  const refunded = new Map(sales.map((each) => [each.orderId, each]));
  const { rows } = salesGroups('product', sales, refunds, refunded);
  return Object.fromEntries(rows.map((row) => [row.key, row]));
}

const basis = (row: SalesFigures) => row.costCents + row.marginCents + row.netWithoutCostCents;

describe('the margin, after returns as net sales are', () => {
  it('a Blue Dream given back and put back in stock: its money and its cost both come off', () => {
    const { flower, papers } = byProduct([sale('o')], [oneFlower('o', true)]);
    expect(flower).toMatchObject({ netCents: 3500, costCents: 1200, marginCents: 2300, netWithoutCostCents: 0 });
    expect(papers).toMatchObject({ netCents: 300, costCents: 0, marginCents: 0, netWithoutCostCents: 300 });
    for (const row of [flower!, papers!]) expect(basis(row)).toBe(row.netCents);
  });

  it('a Blue Dream given back and not put back in stock (destroyed) still cost the store', () => {
    const { flower } = byProduct([sale('o')], [oneFlower('o', false)]);
    expect(flower).toMatchObject({ netCents: 3500, costCents: 2400, marginCents: 1100 });
  });

  it('a refund of an amount only gives money back: off the margin of each line whose cost is known, the cost kept', () => {
    // $7.30 shared by what each line came to: $7.00 of the flower, $0.30 of the papers.
    const { flower, papers } = byProduct([sale('o')], [refund('o', 730)]);
    expect(flower).toMatchObject({ returnsCents: 700, netCents: 6300, costCents: 2400, marginCents: 3900 });
    expect(papers).toMatchObject({ returnsCents: 30, netCents: 270, netWithoutCostCents: 270, marginCents: 0 });
  });

  it('money given back of no sale line comes off the margin whole: the total still adds up to the net', () => {
    const refunded = new Map([['o', sale('o')]]);
    const { rows, total } = salesGroups('category', [sale('o')], [refund(null, 500)], refunded);
    expect(rows.find((row) => row.key === '')).toMatchObject({ netCents: -500, costCents: 0, marginCents: -500 });
    expect(total).toMatchObject({ netCents: 6800, costCents: 2400, marginCents: 4100, netWithoutCostCents: 300 });
    expect(basis(total)).toBe(total.netCents);
  });

  it("the cost put back is the line's share of its cost, by quantity; a line of no known cost has none", () => {
    const half = { itemId: 'flower', amountCents: 0, taxCents: 0, restockedMilli: 1000 };
    const papers = { itemId: 'papers', amountCents: 0, taxCents: 0, restockedMilli: 1000 };
    expect(restockedCosts(sale('o'), [half, papers])).toEqual([1200, null]);
    expect(restockedCosts(sale('o'), [{ ...half, restockedMilli: 2000 }])).toEqual([2400, null]);
    // A third of $24.00 for 2 units (0.667 of a unit): $8.00.
    expect(restockedCosts(sale('o'), [{ ...half, restockedMilli: 667 }])).toEqual([800, null]);
    expect(restockedCosts(sale('o'), [])).toEqual([0, null]);
  });
});
