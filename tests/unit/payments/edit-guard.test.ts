import { describe, expect, it } from 'vitest';
import { editMoneyRefusal } from '../../../electron/server/payments/pay/edit-guard.js';
import type { PaymentTotals } from '../../../electron/server/payments/store/payments-repository.js';

// What an order's money allows its lines to come to (README "Changing an order's lines").
const totals = (over: Partial<PaymentTotals> = {}): PaymentTotals => ({
  approvedAmount: 0,
  approvedTip: 0,
  pendingAmount: 0,
  pendingTip: 0,
  uncaptured: 0,
  uncapturedAmount: 0,
  ...over,
});
const unpaid = { orderNumber: 'AB23CD', paymentStatus: 'UNPAID' } as const;
const authorized = { orderNumber: 'AB23CD', paymentStatus: 'AUTHORIZED' } as const;
const ach = totals({ approvedAmount: 4280, uncaptured: 1, uncapturedAmount: 4280 });

describe('the money of an order whose lines change', () => {
  it('allows any total while nothing is paid', () => {
    expect(editMoneyRefusal(unpaid, totals(), 1)).toBeNull();
    expect(editMoneyRefusal(unpaid, totals(), 99_999)).toBeNull();
  });

  it('waits for a payment being taken', () => {
    expect(editMoneyRefusal(unpaid, totals({ pendingAmount: 500 }), 4000)).toBe(
      'order AB23CD has a payment in progress; wait for it to finish or cancel it before changing its lines',
    );
  });

  it('lets an authorized order go down to anything above zero, never above what was authorized', () => {
    expect(editMoneyRefusal(authorized, ach, 4280)).toBeNull();
    expect(editMoneyRefusal(authorized, ach, 1)).toBeNull();
    expect(editMoneyRefusal(authorized, ach, 4281)).toBe(
      'order AB23CD is authorized for $42.80 and this change would bring its total to $42.81: an authorization is ' +
        'captured for at most what it authorized; keep the total within it, or void the authorization first',
    );
  });

  it('keeps money already taken within the new total, and an authorization something to capture', () => {
    const cashAndAch = totals({ approvedAmount: 4280, uncaptured: 1, uncapturedAmount: 3780 });
    expect(editMoneyRefusal(authorized, cashAndAch, 501)).toBeNull();
    expect(editMoneyRefusal(authorized, cashAndAch, 500)).toBe(
      'order AB23CD has $5.00 paid already, its whole new total: void its authorization of $37.80 first',
    );
    expect(editMoneyRefusal(authorized, cashAndAch, 499)).toBe(
      'order AB23CD has $5.00 paid already and this change would bring its total to $4.99: refund the difference first',
    );
    // Paid in part: down to what was paid (the order becomes PAID), not below.
    const cash = totals({ approvedAmount: 500 });
    expect(editMoneyRefusal(unpaid, cash, 500)).toBeNull();
    expect(editMoneyRefusal(unpaid, cash, 499)).toMatch(/refund the difference first$/);
  });
});
