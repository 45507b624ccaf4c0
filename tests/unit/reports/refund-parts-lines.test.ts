import { describe, expect, it } from 'vitest';
import { refundParts } from '../../../electron/server/reports/refund-parts.js';
import type { ReadRefund, RefundedLine } from '../../../electron/server/reports/report-rows.js';
import type { CountedLine, Sale } from '../../../electron/server/reports/sales-of-rows.js';

const line = (itemId: string, category: string, grossCents: number, taxCents: number): CountedLine => ({
  itemId,
  productId: itemId,
  category,
  brand: '',
  name: itemId,
  quantityMilli: 1000,
  weighedMilli: 0,
  grossCents,
  discountCents: 0,
  taxCents,
  costCents: null,
  deals: [],
});

/** Flower $18.00 ($4.19 tax: $22.19) and rolling papers $10.00 untaxed: $32.19. */
const sale: Sale = {
  orderId: 'o',
  closedAt: '2026-11-17T18:00:00.000Z',
  day: '2026-11-17',
  hour: 10,
  register: null,
  budtender: '',
  customerType: 'adult_use',
  grossCents: 2800,
  discountCents: 0,
  taxCents: 419,
  taxes: [{ name: 'Excise', amount: 419 }],
  deliveryCents: 0,
  rewardCents: 0,
  lines: [line('flower', 'FLOWER', 1800, 419), line('papers', 'ACCESSORY', 1000, 0)],
};

const refund = (amount: number, lines: RefundedLine[]): ReadRefund => ({
  refundId: 'r',
  dispensaryId: 'd',
  amount,
  at: '2026-11-17T20:00:00.000Z',
  method: 'Cash',
  orderId: 'o',
  saleAt: sale.closedAt,
  closedAt: sale.closedAt,
  paid: 3219,
  refundedEarlier: 0,
  lines,
});

describe('a refund by items in its parts', () => {
  it('returns the papers alone: none of it on the flower, no tax (they had none)', () => {
    const papers = refund(1000, [{ itemId: 'papers', amountCents: 1000, taxCents: 0, restockedMilli: 0 }]);
    expect(refundParts(papers, sale)).toEqual({
      tipCents: 0,
      openCents: 0,
      returnCents: 1000,
      rewardCents: 0,
      taxCents: 0,
      lines: [0, 1000],
    });
  });

  it('returns the flower with the tax its line gave back', () => {
    const flower = refund(2219, [{ itemId: 'flower', amountCents: 2219, taxCents: 419, restockedMilli: 0 }]);
    expect(refundParts(flower, sale)).toMatchObject({ returnCents: 1800, taxCents: 419, lines: [1800, 0] });
  });

  it('less money than the lines were worth (a damaged return): their tax in proportion', () => {
    // 1000 × 419 / 2219 = 188.8 → 188.
    const less = refund(1000, [{ itemId: 'flower', amountCents: 2219, taxCents: 419, restockedMilli: 0 }]);
    expect(refundParts(less, sale)).toMatchObject({ returnCents: 812, taxCents: 188, lines: [812, 0] });
  });

  it('of an amount only (no lines): shared over every line as before', () => {
    expect(refundParts(refund(3219, []), sale)).toMatchObject({
      returnCents: 2800,
      rewardCents: 0,
      taxCents: 419,
      lines: [1800, 1000],
    });
  });
});
