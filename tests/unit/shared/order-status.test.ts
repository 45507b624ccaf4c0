import { describe, expect, it } from 'vitest';
import { canTransition, isOrderStatus, ORDER_STATUSES } from '../../../shared/order-status.js';

describe('order status transitions', () => {
  it.each([
    ['AWAITING_PROCESSING', 'PAID'],
    ['AWAITING_PROCESSING', 'AUTHORIZED'],
    ['AWAITING_PROCESSING', 'CANCELED'],
    ['AUTHORIZED', 'PAID'],
    ['PAID', 'IN_PROCESS'],
    ['IN_PROCESS', 'PACKED_READY'],
    ['PACKED_READY', 'COMPLETED'],
  ] as const)('allows %s → %s', (from, to) => expect(canTransition(from, to)).toBe(true));

  it.each([
    ['PAID', 'CANCELED'],
    ['AWAITING_PROCESSING', 'COMPLETED'],
    ['CANCELED', 'AWAITING_PROCESSING'],
    ['COMPLETED', 'IN_PROCESS'],
    ['PAID', 'AWAITING_PROCESSING'],
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
});
