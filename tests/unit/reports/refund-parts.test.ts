import { describe, expect, it } from 'vitest';
import { refundParts } from '../../../electron/server/reports/refund-parts.js';
import type { ReadRefund } from '../../../electron/server/reports/report-rows.js';
import type { CountedLine, Sale } from '../../../electron/server/reports/sales-of-rows.js';

const line = (grossCents: number, taxCents: number): CountedLine => ({
  productId: 'p',
  category: 'flower',
  brand: '',
  name: 'Flower',
  quantityMilli: 1000,
  weighedMilli: 0,
  grossCents,
  discountCents: 0,
  taxCents,
  costCents: null,
  deals: [],
});

/** A sale of an $18.00 line ($4.19 tax: $22.19) and a $10.00 untaxed one, with `delivery`. */
const sale = (delivery = 0, rewardCents = 0): Sale => ({
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
  deliveryCents: delivery,
  rewardCents,
  lines: [line(1800, 419), line(1000, 0)],
});

const refund = (amount: number, more: Partial<ReadRefund> = {}): ReadRefund => ({
  dispensaryId: 'd',
  amount,
  at: '2026-11-17T20:00:00.000Z',
  method: 'Cash',
  orderId: 'o',
  saleAt: '2026-11-17T18:00:00.000Z',
  closedAt: '2026-11-17T18:00:00.000Z',
  paid: 3219,
  refundedEarlier: 0,
  ...more,
});

describe('a refund in its parts', () => {
  it('a sale refunded whole: returns before tax, and all its tax refunded', () => {
    expect(refundParts(refund(3219), sale())).toEqual({
      tipCents: 0,
      openCents: 0,
      returnCents: 2800,
      rewardCents: 0,
      taxCents: 419,
      lines: [1800, 1000],
    });
  });

  it('in part: each line its share less its tax, rounded half up', () => {
    // $22.19 shared by 2219 : 1000 → 1530 and 689; 1530 × 419 / 2219 = 288.9 → 289.
    expect(refundParts(refund(2219), sale())).toMatchObject({ returnCents: 1930, taxCents: 289, lines: [1241, 689] });
  });

  it('beyond its lines (their delivery) carries no more than the sale’s tax', () => {
    const parts = refundParts(refund(3719, { paid: 3719 }), sale(500));
    expect(parts).toMatchObject({ returnCents: 3300, taxCents: 419, tipCents: 0 });
    expect(parts.lines.reduce((sum, cents) => sum + cents, 0)).toBe(3300);
  });

  it('what it gives back beyond what its payment paid toward the order is a tip', () => {
    // A $32.19 payment with a $2.00 tip: $10.00 back, then $24.19 (its last $22.19, and the tip).
    expect(refundParts(refund(1000), sale())).toMatchObject({ tipCents: 0, openCents: 0 });
    expect(refundParts(refund(2419, { refundedEarlier: 1000 }), sale())).toMatchObject({
      tipCents: 200,
      returnCents: 2219 - 289,
      taxCents: 289,
    });
  });

  it('handed back before its order’s sale closed, or for an order never sold: no return, no tax', () => {
    const before = refund(500, { at: '2026-11-17T17:00:00.000Z' });
    expect(refundParts(before, sale())).toEqual({
      tipCents: 0,
      openCents: 500,
      returnCents: 0,
      rewardCents: 0,
      taxCents: 0,
      lines: [],
    });
    const never = refund(500, { closedAt: null, paid: 500 });
    expect(refundParts(never, undefined)).toEqual({
      tipCents: 0,
      openCents: 500,
      returnCents: 0,
      rewardCents: 0,
      taxCents: 0,
      lines: [],
    });
  });

  it('of a payment with no order: a return of no sale line', () => {
    expect(refundParts(refund(700, { orderId: null, closedAt: null, paid: 700 }), undefined)).toEqual({
      tipCents: 0,
      openCents: 0,
      returnCents: 700,
      rewardCents: 0,
      taxCents: 0,
      lines: [],
    });
  });
});

describe('a refund of a sale paid partly with reward dollars', () => {
  // The same sale, $5.00 of its $32.19 paid with reward dollars: $27.19 in money.
  const rewarded = sale(0, 500);

  it('refunded whole: its return is all the sale, the reward dollars given back in it, and all its tax', () => {
    expect(refundParts(refund(2719, { paid: 2719 }), rewarded)).toEqual({
      tipCents: 0,
      openCents: 0,
      returnCents: 2800,
      rewardCents: 500,
      taxCents: 419,
      lines: [1800, 1000],
    });
  });

  it('in two refunds: each its money’s share of the reward dollars, the two adding up to all of them', () => {
    const first = refundParts(refund(1000, { paid: 2719 }), rewarded);
    const second = refundParts(refund(1719, { paid: 2719, refundedEarlier: 1000 }), rewarded);
    // 500 × 1000 / 2719 = 183.9 → 183; the rest, 317, with the second.
    expect([first.rewardCents, second.rewardCents]).toEqual([183, 317]);
    expect(first.returnCents + second.returnCents).toBe(2800);
    expect(first.taxCents + first.returnCents - first.rewardCents).toBe(1000);
    expect(second.taxCents + second.returnCents - second.rewardCents).toBe(1719);
  });

  it('gives back no reward dollars with a tip handed back beyond what the payment paid', () => {
    // A $29.19 payment: $27.19 toward the order and a $2.00 tip; all of it back.
    const parts = refundParts(refund(2919, { paid: 2719 }), rewarded);
    expect(parts).toMatchObject({ tipCents: 200, rewardCents: 500, returnCents: 2800, taxCents: 419 });
  });

  it('of a payment toward an order not sold yet: no sale’s, no reward dollars', () => {
    const early = refundParts(refund(1000, { closedAt: null }), rewarded);
    expect(early).toMatchObject({ openCents: 1000, returnCents: 0, rewardCents: 0 });
  });
});
