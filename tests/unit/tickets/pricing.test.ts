import { describe, expect, it } from 'vitest';
import { priceLine, totalTicket } from '../../../electron/server/tickets/pricing.js';

describe('priceLine', () => {
  it('prices counted units with tax on the line, rounded half up', () => {
    // 2 × $12.50 at 23.25 % = 5.8125 → 5.81
    expect(priceLine({ unitPriceCents: 1250, quantityMilli: 2000, discountPpm: 0, taxRatePpm: 232_500 })).toEqual({
      subTotalCents: 2500,
      discountCents: 0,
      taxCents: 581,
    });
  });

  it('prices weighed quantities to the cent and taxes the discounted amount', () => {
    // 3.5 g × $9.99 = 34.965 → 34.97; 10 % off = 3.497 → -3.50; tax 23.25 % of 31.47 = 7.316775 → 7.32
    expect(priceLine({ unitPriceCents: 999, quantityMilli: 3500, discountPpm: 100_000, taxRatePpm: 232_500 })).toEqual({
      subTotalCents: 3497,
      discountCents: -350,
      taxCents: 732,
    });
  });
});

describe('totalTicket', () => {
  const lines = [
    { subTotalCents: 2500, discountCents: 0, taxCents: 581 },
    { subTotalCents: 3497, discountCents: -350, taxCents: 732 },
  ];

  it('reconciles: adjusted = sub + discount + tier; total = adjusted + tax + delivery + points', () => {
    const totals = totalTicket(lines, { rewardCents: 500, deliveryCents: 0, tierDiscountCents: 0 });
    expect(totals).toEqual({
      subTotal: 5997,
      discount: -350,
      tierDiscount: 0,
      adjustedSubTotal: 5647,
      tax: 1313,
      deliveryCost: 0,
      payByPoints: -500,
      total: 6460,
    });
    expect(totals.adjustedSubTotal).toBe(totals.subTotal + totals.discount + totals.tierDiscount);
    expect(totals.total).toBe(totals.adjustedSubTotal + totals.tax + totals.deliveryCost + totals.payByPoints);
  });

  it('caps reward dollars at the value of the order', () => {
    const totals = totalTicket(lines, { rewardCents: 1_000_000, deliveryCents: 0, tierDiscountCents: 0 });
    expect(totals.payByPoints).toBe(-6960);
    expect(totals.total).toBe(0);
  });

  it('renders no reward as zero, never negative zero', () => {
    const totals = totalTicket(lines, { rewardCents: 0, deliveryCents: 0, tierDiscountCents: 0 });
    expect(Object.is(totals.payByPoints, -0)).toBe(false);
    expect(totals.payByPoints).toBe(0);
  });
});
