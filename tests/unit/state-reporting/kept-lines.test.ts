import { describe, expect, it } from 'vitest';
import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import { keptLines } from '../../../electron/server/state-reporting/kept-lines.js';

const line = (quantity: number, totalCents: number, unitOfMeasure = 'Each'): StateRecordLine => ({
  packageLabel: `1A4060300003D12000${String(quantity * 1000 + totalCents).padStart(6, '0')}`,
  quantity,
  unitOfMeasure,
  totalCents,
});

const NONE = { refunded: 0, byItems: 0, itemsWorth: 0, orderTotal: 0 };

describe("the sale's lines as the customer kept them", () => {
  it('with no refund, the sale', () => {
    const sale = [line(2, 2000), line(1, 1000)];
    expect(keptLines(sale, [], NONE)).toEqual(sale);
  });

  it('a line given back in part: its quantity and amount lowered (before tax), the others as sold', () => {
    const sale = [line(3.5, 3500, 'Grams'), line(1, 1000)];
    const kept = keptLines(sale, [{ milli: 1250, cents: 1250 }], {
      refunded: 1350,
      byItems: 1350,
      itemsWorth: 1350,
      orderTotal: 4950,
    });
    expect(kept).toEqual([{ ...sale[0], quantity: 2.25, totalCents: 2250 }, sale[1]]);
  });

  it('a line all given back is left off; none kept, none answered', () => {
    const sale = [line(2, 2000), line(1, 1000)];
    const back = { refunded: 2200, byItems: 2200, itemsWorth: 2200, orderTotal: 3300 };
    expect(keptLines(sale, [{ milli: 2000, cents: 2000 }], back)).toEqual([sale[1]]);
    expect(
      keptLines(
        sale,
        [
          { milli: 2000, cents: 2000 },
          { milli: 1000, cents: 1000 },
        ],
        back,
      ),
    ).toEqual([]);
  });

  it('an amount is shared over what was kept, after the items, to the cent', () => {
    // $20 + $10 sold (no tax): one of the two $10 units back, then $3.01 by amount of the $20 kept.
    const sale = [line(2, 2000), line(1, 1000)];
    const refunds = { refunded: 1000 + 301, byItems: 1000, itemsWorth: 1000, orderTotal: 3000 };
    const kept = keptLines(sale, [{ milli: 1000, cents: 1000 }], refunds);
    expect(kept.map((entry) => [entry.quantity, entry.totalCents])).toEqual([
      [1, 849],
      [1, 850],
    ]);
    expect(kept.reduce((sum, entry) => sum + entry.totalCents, 0)).toBe(2000 - 301);
  });

  it('a damaged return (less money than the lines were worth) gives its lines back whole', () => {
    const sale = [line(2, 2000), line(1, 1000)];
    const refunds = { refunded: 500, byItems: 500, itemsWorth: 1000, orderTotal: 3000 };
    expect(keptLines(sale, [{ milli: 1000, cents: 1000 }], refunds).map((entry) => entry.totalCents)).toEqual([
      1000, 1000,
    ]);
  });

  it("an order's discount share left on a line in part given back stays; no amount goes below 0", () => {
    const sale = [line(2, 1000)];
    expect(keptLines(sale, [{ milli: 1000, cents: 450 }], NONE)[0]!.totalCents).toBe(550);
    expect(keptLines(sale, [{ milli: 1000, cents: 1200 }], NONE)[0]!.totalCents).toBe(0);
  });
});
