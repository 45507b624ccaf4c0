import { describe, expect, it } from 'vitest';
import {
  canTransition,
  editRefusalOf,
  fulfillmentOf,
  isOrderStatus,
  ORDER_STATUSES,
  paidWithoutMoney,
  refusalOf,
  statusOf,
} from '../../../shared/order-status.js';

describe('order status transitions', () => {
  it.each([
    ['AWAITING_PROCESSING', 'PAID'],
    ['AWAITING_PROCESSING', 'AUTHORIZED'],
    ['AWAITING_PROCESSING', 'CANCELED'],
    ['AUTHORIZED', 'PAID'],
    ['PAID', 'IN_PROCESS'],
    ['IN_PROCESS', 'PACKED_READY'],
    ['PACKED_READY', 'COMPLETED'],
    ['AWAITING_PROCESSING', 'IN_PROCESS'],
    ['AUTHORIZED', 'IN_PROCESS'],
    ['IN_PROCESS', 'CANCELED'],
    ['PACKED_READY', 'CANCELED'],
    ['PACKED_READY', 'IN_PROCESS'],
  ] as const)('allows %s → %s', (from, to) => expect(canTransition(from, to)).toBe(true));

  it.each([
    ['AWAITING_PROCESSING', 'COMPLETED'],
    ['AWAITING_PROCESSING', 'PACKED_READY'],
    ['IN_PROCESS', 'COMPLETED'],
    ['IN_PROCESS', 'AWAITING_PROCESSING'],
    ['CANCELED', 'AWAITING_PROCESSING'],
    ['COMPLETED', 'IN_PROCESS'],
    ['PAID', 'CANCELED'],
  ] as const)('refuses %s → %s', (from, to) => expect(canTransition(from, to)).toBe(false));

  it('has no way out of the final states', () => {
    for (const to of ORDER_STATUSES) {
      expect(canTransition('COMPLETED', to)).toBe(false);
      expect(canTransition('CANCELED', to)).toBe(false);
    }
  });

  it('recognises status names', () => {
    expect(isOrderStatus('PAID')).toBe(true);
    expect(isOrderStatus('paid')).toBe(false);
  });

  it('tells the stage and the payment apart, and says both in one status before the order is worked', () => {
    expect(fulfillmentOf('PAID')).toBe('AWAITING_PROCESSING');
    expect(fulfillmentOf('AUTHORIZED')).toBe('AWAITING_PROCESSING');
    expect(fulfillmentOf('PACKED_READY')).toBe('PACKED_READY');
    expect(statusOf('AWAITING_PROCESSING', 'UNPAID')).toBe('AWAITING_PROCESSING');
    expect(statusOf('AWAITING_PROCESSING', 'AUTHORIZED')).toBe('AUTHORIZED');
    expect(statusOf('IN_PROCESS', 'PAID')).toBe('IN_PROCESS');
  });

  it('refuses a move in words, and hands over only a paid order', () => {
    const unpaid = { status: 'PACKED_READY', paymentStatus: 'UNPAID' } as const;
    expect(refusalOf('AB23CD', unpaid, 'COMPLETED')).toBe(
      'order AB23CD is not paid: take its payment before it is handed over',
    );
    expect(refusalOf('AB23CD', { ...unpaid, paymentStatus: 'PAID' }, 'COMPLETED')).toBeNull();
    expect(refusalOf('AB23CD', { status: 'PAID', paymentStatus: 'PAID' }, 'PACKED_READY')).toBe(
      'order AB23CD is waiting to be picked and cannot be packed',
    );
    expect(refusalOf('AB23CD', { status: 'IN_PROCESS', paymentStatus: 'UNPAID' }, 'IN_PROCESS')).toBe(
      'order AB23CD is already being picked',
    );
    expect(refusalOf('AB23CD', { status: 'PAID', paymentStatus: 'PAID' }, 'CANCELED')).toBe(
      'order AB23CD is paid: void or refund its payments before it is canceled',
    );
    expect(refusalOf('AB23CD', { status: 'PACKED_READY', paymentStatus: 'PAID' }, 'CANCELED')).toBe(
      'order AB23CD is paid: void or refund its payments before it is canceled',
    );
    expect(refusalOf('AB23CD', { status: 'COMPLETED', paymentStatus: 'PAID' }, 'CANCELED')).toBe(
      'order AB23CD is picked up and cannot be canceled',
    );
  });
});

describe("when an order's lines may change", () => {
  it('only before it is paid and packed, saying what to do otherwise', () => {
    expect(editRefusalOf('AB23CD', { status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID' })).toBeNull();
    expect(editRefusalOf('AB23CD', { status: 'IN_PROCESS', paymentStatus: 'UNPAID' })).toBeNull();
    // An authorization is captured for the final total: the money's own check says how far it may go.
    expect(editRefusalOf('AB23CD', { status: 'AUTHORIZED', paymentStatus: 'AUTHORIZED' })).toBeNull();
    expect(editRefusalOf('AB23CD', { status: 'IN_PROCESS', paymentStatus: 'AUTHORIZED' })).toBeNull();
    expect(editRefusalOf('AB23CD', { status: 'PACKED_READY', paymentStatus: 'UNPAID' })).toBe(
      'order AB23CD is packed and ready for pickup: move it back to IN_PROCESS (open the bag) before changing its lines',
    );
    for (const status of ['PAID', 'IN_PROCESS', 'PACKED_READY'] as const) {
      expect(editRefusalOf('AB23CD', { status, paymentStatus: 'PAID' })).toBe(
        'order AB23CD is paid: its lines change only before payment (void or refund the payment first)',
      );
    }
    expect(editRefusalOf('AB23CD', { status: 'COMPLETED', paymentStatus: 'PAID' })).toBe(
      'order AB23CD is picked up: its lines can no longer change',
    );
    expect(editRefusalOf('AB23CD', { status: 'CANCELED', paymentStatus: 'UNPAID' })).toBe(
      'order AB23CD is canceled: its lines can no longer change',
    );
  });
});

describe('a paid order that holds no money (its total $0.00)', () => {
  const free = (status: 'PAID' | 'IN_PROCESS' | 'PACKED_READY' | 'COMPLETED') =>
    ({ status, paymentStatus: 'PAID', totals: { total: 0 } }) as const;

  it('is told apart from one paid with money', () => {
    expect(paidWithoutMoney(free('PAID'))).toBe(true);
    expect(paidWithoutMoney({ ...free('PAID'), totals: { total: 1 } })).toBe(false);
    expect(paidWithoutMoney({ status: 'PAID', paymentStatus: 'PAID' })).toBe(false);
    expect(paidWithoutMoney({ status: 'AWAITING_PROCESSING', paymentStatus: 'UNPAID', totals: { total: 0 } })).toBe(
      false,
    );
  });

  it('is worked and handed over as paid, canceled and edited as unpaid', () => {
    expect(refusalOf('AB23CD', free('PAID'), 'IN_PROCESS')).toBeNull();
    expect(refusalOf('AB23CD', free('PACKED_READY'), 'COMPLETED')).toBeNull();
    for (const status of ['PAID', 'IN_PROCESS', 'PACKED_READY'] as const) {
      expect(refusalOf('AB23CD', free(status), 'CANCELED')).toBeNull();
    }
    expect(refusalOf('AB23CD', free('COMPLETED'), 'CANCELED')).toBe('order AB23CD is picked up and cannot be canceled');
    expect(editRefusalOf('AB23CD', free('PAID'))).toBeNull();
    expect(editRefusalOf('AB23CD', free('IN_PROCESS'))).toBeNull();
    expect(editRefusalOf('AB23CD', free('PACKED_READY'))).toBe(
      'order AB23CD is packed and ready for pickup: move it back to IN_PROCESS (open the bag) before changing its lines',
    );
  });
});
