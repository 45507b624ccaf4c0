import { describe, expect, it } from 'vitest';
import {
  canTransition,
  fulfillmentOf,
  isOrderStatus,
  ORDER_STATUSES,
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
