import { describe, expect, it } from 'vitest';
import { listedMoney, moneyMayHaveMoved, partPaidOf } from '../../../../renderer/common/listed-order-money.js';
import type { OrderUpdate } from '../../../../shared/contracts/live.js';

const row = (status: string, total: string, paid?: string, refunded?: string) =>
  ({ status, total, ...(paid !== undefined && { paid }), ...(refunded !== undefined && { refunded }) }) as Parameters<
    typeof listedMoney
  >[0];

describe("a listed order's money, as the orders lists say it", () => {
  it('awaiting payment with part of its total paid is partly paid', () => {
    expect(listedMoney(row('AWAITING_PROCESSING', '51.63', '10.00', '0.00'))).toEqual({
      paid: 1000,
      refunded: 0,
      partPaid: true,
    });
  });

  it('nothing paid, all of it paid, or further on: not partly paid', () => {
    expect(listedMoney(row('AWAITING_PROCESSING', '51.63', '0.00', '0.00')).partPaid).toBe(false);
    expect(listedMoney(row('AWAITING_PROCESSING', '51.63', '51.63', '0.00')).partPaid).toBe(false);
    expect(listedMoney(row('PAID', '51.63', '51.63', '0.00')).partPaid).toBe(false);
    expect(listedMoney(row('COMPLETED', '51.63', '20.00', '0.00')).partPaid).toBe(false);
  });

  it('says what refunds gave back, paid or not', () => {
    expect(listedMoney(row('PAID', '51.63', '51.63', '1.50'))).toEqual({ paid: 5163, refunded: 150, partPaid: false });
    expect(listedMoney(row('AWAITING_PROCESSING', '51.63', '0.00', '51.63')).refunded).toBe(5163);
  });

  it('an order only the live channel has told of holds nothing yet', () => {
    expect(listedMoney(row('AWAITING_PROCESSING', '51.63'))).toEqual({ paid: 0, refunded: 0, partPaid: false });
  });
});

describe('which live news of a listed order has the list read again', () => {
  const shown: Pick<OrderUpdate, 'status' | 'paymentStatus' | 'total'> = {
    status: 'AWAITING_PROCESSING',
    paymentStatus: 'UNPAID',
    total: '51.63',
  };

  it('news without a move (a part payment, a refund) or moving how it is paid (paid, voided)', () => {
    expect(moneyMayHaveMoved(shown, shown)).toBe(true);
    expect(moneyMayHaveMoved(shown, { status: 'PAID', paymentStatus: 'PAID', total: '51.63' })).toBe(true);
    expect(moneyMayHaveMoved({ ...shown, status: 'PAID', paymentStatus: 'PAID' }, shown)).toBe(true);
    expect(moneyMayHaveMoved(shown, { ...shown, status: 'IN_PROCESS', total: '40.00' })).toBe(true);
  });

  it('not a move of its stage alone (picked, packed)', () => {
    const paid = { status: 'PAID', paymentStatus: 'PAID', total: '51.63' } as const;
    expect(moneyMayHaveMoved(paid, { ...paid, status: 'IN_PROCESS' })).toBe(false);
    expect(moneyMayHaveMoved(shown, { ...shown, status: 'IN_PROCESS' })).toBe(false);
  });
});

describe("a customer's order, in cents", () => {
  it('is partly paid with some, not all, of its total in while it awaits payment', () => {
    expect(partPaidOf('AWAITING_PROCESSING', 5163, 1000)).toBe(true);
    expect(partPaidOf('AWAITING_PROCESSING', 5163, 0)).toBe(false);
    expect(partPaidOf('AWAITING_PROCESSING', 5163, 5163)).toBe(false);
    expect(partPaidOf('CANCELED', 5163, 1000)).toBe(false);
  });
});
