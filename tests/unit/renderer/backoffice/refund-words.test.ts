import { describe, expect, it } from 'vitest';
import type { ListedPayment } from '../../../../shared/contracts/payment-reports';
import { RefundAttempt } from '../../../../renderer/common/refund-attempt';
import {
  cancelOffer,
  cashRefundSource,
  checkRefundAmount,
  refundable,
  refundableCents,
  refundLines,
  voidRefusal,
} from '../../../../renderer/backoffice/logic/refund-words';

/** A listed payment with only what these rules read; the rest is never looked at. */
function payment(over: Partial<ListedPayment> = {}): ListedPayment {
  return {
    id: 'p1',
    method: 'Cash',
    status: 'approved',
    captured: true,
    originalAmount: 4026,
    chargedAmount: 4026,
    cashbackAmount: 0,
    refundedAmount: 0,
    refunds: [],
    createdAt: '2026-03-04T21:03:00.000Z',
    updatedAt: '2026-03-04T21:03:00.000Z',
    ...over,
  } as ListedPayment;
}

describe('refundableCents', () => {
  it('is what was charged less what was refunded', () => {
    expect(refundableCents(payment({ refundedAmount: 2013 }))).toBe(2013);
  });

  it('leaves out a cashless ATM cash back, handed over in cash', () => {
    expect(
      refundableCents(payment({ method: 'ATM', originalAmount: 4026, chargedAmount: 5000, cashbackAmount: 974 })),
    ).toBe(4026);
  });
});

describe('refundable', () => {
  it('offers a refund of an approved, captured payment with money left', () => {
    expect(refundable(payment())).toBe(true);
  });

  it('offers none of an authorization not captured, a voided one, or one refunded in full', () => {
    expect(refundable(payment({ captured: false }))).toBe(false);
    expect(refundable(payment({ status: 'voided' }))).toBe(false);
    expect(refundable(payment({ status: 'refunded', refundedAmount: 4026 }))).toBe(false);
  });
});

describe('voidRefusal', () => {
  it('says why a partly refunded payment is not voided', () => {
    expect(voidRefusal(payment({ refundedAmount: 2013 }))).toBe(
      'A partly refunded payment cannot be voided: refund the rest instead.',
    );
    expect(voidRefusal(payment())).toBeNull();
  });

  it('says a payment of an online order picked up is refunded, not voided; a sale at the counter is voided', () => {
    expect(voidRefusal(payment(), { status: 'COMPLETED', source: 'online' })).toBe(
      'The order was picked up: give money back with a refund (a return), not a void.',
    );
    expect(voidRefusal(payment(), { status: 'COMPLETED', source: 'register' })).toBeNull();
    expect(voidRefusal(payment(), { status: 'PACKED_READY', source: 'online' })).toBeNull();
  });

  it('offers no Void of a payment before the one that paid the order off, as the service refuses it', () => {
    const cash = payment({ id: 'p1', originalAmount: 1000, chargedAmount: 1000 });
    const card = payment({
      id: 'p2',
      method: 'Credit',
      originalAmount: 5163,
      chargedAmount: 5163,
      createdAt: '2026-03-04T21:05:00.000Z',
    });
    const paid = { status: 'PAID', source: 'register', paymentStatus: 'PAID' };
    expect(voidRefusal(cash, paid, [cash, card])).toBe(
      'It cannot be voided while the Credit card payment of $51.63 that paid the rest of the order stands: void that one first, or refund this one.',
    );
    expect(voidRefusal(card, paid, [cash, card])).toBeNull();
    // Refunded since (in full or in part), the later one cannot be voided first: this one is refunded too.
    const refundedCard = { ...card, status: 'refunded' as const, refundedAmount: 5163 };
    const partlyRefunded = { ...card, refundedAmount: 1000 };
    for (const later of [refundedCard, partlyRefunded]) {
      expect(voidRefusal(cash, paid, [cash, later])).toBe(
        'It cannot be voided: the Credit card payment of $51.63 that paid the rest of the order was refunded since. Refund this one instead.',
      );
    }
    // Once the later one is voided the order is open again: the first may go.
    const reopened = { ...paid, status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' };
    expect(voidRefusal(cash, reopened, [cash, { ...card, status: 'voided' }])).toBeNull();
  });
});

describe('checkRefundAmount', () => {
  it('takes dollars and cents, with or without a dollar sign', () => {
    expect(checkRefundAmount('20.13', 4026)).toEqual({ cents: 2013 });
    expect(checkRefundAmount('$40.26', 4026)).toEqual({ cents: 4026 });
  });

  it('refuses in words an empty, unreadable, zero or too large amount', () => {
    expect(checkRefundAmount(' ', 4026)).toEqual({ refusal: 'Enter the amount to give back, at most $40.26.' });
    expect(checkRefundAmount('20.1.3', 4026)).toEqual({
      refusal: 'Enter the amount in dollars and cents, such as 12.50.',
    });
    expect(checkRefundAmount('0', 4026)).toEqual({ refusal: 'The amount must be more than $0.00.' });
    expect(checkRefundAmount('40.27', 4026)).toEqual({ refusal: 'At most $40.26 is left to refund of this payment.' });
  });

  it('reads thousands commas and refuses any other comma saying why, as every typed number', () => {
    expect(checkRefundAmount('1,250.00', 200_000)).toEqual({ cents: 125_000 });
    expect(checkRefundAmount('$1,250', 200_000)).toEqual({ cents: 125_000 });
    expect(checkRefundAmount('1,5', 200_000)).toEqual({
      refusal:
        'The amount "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15.',
    });
  });
});

describe('refundLines', () => {
  it('says each refund with its time in the store’s zone', () => {
    const refunded = payment({ refunds: [{ id: 'r1', amount: 2013, createdAt: '2026-03-04T21:04:00.000Z' }] });
    expect(refundLines(refunded, 'America/Los_Angeles')).toEqual(['Refunded $20.13 at 1:04\u00a0PM']);
  });
});

describe('cancelOffer', () => {
  const order = { orderNumber: '7KQ2MZ', total: '40.26' } as const;

  it('offers a cancel of an unpaid order at any stage before it is handed over', () => {
    for (const status of ['AWAITING_PROCESSING', 'IN_PROCESS', 'PACKED_READY'] as const) {
      expect(cancelOffer({ ...order, status, paymentStatus: 'UNPAID' }, [])).toEqual({ offered: true, why: '' });
    }
  });

  it('offers a cancel of an ACH authorized order (the cancel voids the authorization)', () => {
    const ach = payment({ method: 'ACH', captured: false });
    expect(cancelOffer({ ...order, status: 'AUTHORIZED', paymentStatus: 'AUTHORIZED' }, [ach]).offered).toBe(true);
  });

  it('says why an order holding money, or with a payment in progress, is not offered one', () => {
    const paid = cancelOffer({ ...order, status: 'PACKED_READY', paymentStatus: 'PAID' }, [payment()]);
    expect(paid.offered).toBe(false);
    expect(paid.why).toContain('void its payment first');
    const pending = cancelOffer({ ...order, status: 'IN_PROCESS', paymentStatus: 'UNPAID' }, [
      payment({ status: 'pending' }),
    ]);
    expect(pending).toEqual({
      offered: false,
      why: 'A payment of this order is in progress: wait for it to finish before canceling.',
    });
  });

  it('offers one once a whole refund left the order holding nothing', () => {
    const refunded = payment({ status: 'refunded', refundedAmount: 4026 });
    expect(cancelOffer({ ...order, status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' }, [refunded]).offered).toBe(
      true,
    );
  });

  it('offers none of an order handed over or canceled', () => {
    expect(cancelOffer({ ...order, status: 'COMPLETED', paymentStatus: 'PAID' }, [])).toEqual({
      offered: false,
      why: '',
    });
    expect(cancelOffer({ ...order, status: 'CANCELED', paymentStatus: 'UNPAID' }, [])).toEqual({
      offered: false,
      why: '',
    });
  });
});

describe('RefundAttempt', () => {
  const keys = () => {
    let n = 0;
    return new RefundAttempt(() => `key-${++n}`);
  };
  const request = { paymentId: 'p1', amount: 2013, reason: 'Returned' };

  it('sends the same request again with the same key (a double click, a retry after no answer)', () => {
    const attempt = keys();
    expect(attempt.keyFor(request)).toBe('key-1');
    expect(attempt.keyFor({ ...request })).toBe('key-1');
  });

  it('makes a new key for another amount or reason, or once the service answered', () => {
    const attempt = keys();
    attempt.keyFor(request);
    expect(attempt.keyFor({ ...request, amount: 2000 })).toBe('key-2');
    attempt.answered();
    expect(attempt.keyFor({ ...request, amount: 2000 })).toBe('key-3');
  });
});

describe("where a refund's money comes from", () => {
  it('says a cash refund counts in no drawer and is taken from the safe; a card refund says nothing more', () => {
    expect(cashRefundSource(payment({ method: 'Cash' }))).toBe(
      'No register’s drawer counts this cash: take it from the safe, or the drawer it came from counts short ' +
        'at its close. Cash from a drawer: return the items at that register (Today’s orders, Return items).',
    );
    for (const method of ['Credit', 'Debit', 'ATM', 'ACH'] as const)
      expect(cashRefundSource(payment({ method }))).toBeNull();
  });
});
