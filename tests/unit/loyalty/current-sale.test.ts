import { describe, expect, it } from 'vitest';
import { currentSale, type PaidMoney } from '../../../electron/server/loyalty/order-points.js';

const paid = (at: string, chargedCents: number, refundedCents = 0, lastRefundAt: string | null = null): PaidMoney => ({
  at,
  chargedCents,
  refundedCents,
  lastRefundAt,
});

describe('the money of an order’s sale as it stands, for its points', () => {
  it('is every payment of a sale, refunds and all', () => {
    expect(currentSale([paid('10:00', 1000, 400, '11:00')])).toEqual({ chargedCents: 1000, refundedCents: 400 });
    // A split tender, one part refunded in full later: still one sale, half of it back.
    expect(currentSale([paid('10:00', 500, 500, '11:00'), paid('10:01', 500)])).toEqual({
      chargedCents: 1000,
      refundedCents: 500,
    });
  });

  it('leaves out a sale refunded in full before the order was paid again', () => {
    expect(currentSale([paid('10:00', 1000, 1000, '11:00'), paid('12:00', 1000)])).toEqual({
      chargedCents: 1000,
      refundedCents: 0,
    });
    expect(
      currentSale([
        paid('10:00', 600, 600, '10:30'),
        paid('10:01', 400, 400, '11:00'),
        paid('12:00', 1000, 250, '13:00'),
      ]),
    ).toEqual({ chargedCents: 1000, refundedCents: 250 });
  });

  it('is nothing for an order never paid, and all of it back for one refunded in full', () => {
    expect(currentSale([])).toEqual({ chargedCents: 0, refundedCents: 0 });
    expect(currentSale([paid('10:00', 1000, 1000, '11:00')])).toEqual({ chargedCents: 1000, refundedCents: 1000 });
  });
});
