import { describe, expect, it } from 'vitest';
import { nextTryAt } from '../../../electron/server/webhooks/dispatcher.js';
import { orderEventType, paymentEventType } from '../../../electron/server/webhooks/event-types.js';

describe('which change announces which event', () => {
  it.each([
    [null, 'AWAITING_PROCESSING', null, 'UNPAID', 'order.created'],
    ['AWAITING_PROCESSING', 'PAID', 'UNPAID', 'PAID', 'order.paid'],
    ['AUTHORIZED', 'PAID', 'AUTHORIZED', 'PAID', 'order.paid'],
    ['AWAITING_PROCESSING', 'AUTHORIZED', 'UNPAID', 'AUTHORIZED', 'order.authorized'],
    ['AWAITING_PROCESSING', 'CANCELED', 'UNPAID', 'UNPAID', 'order.canceled'],
    ['AUTHORIZED', 'CANCELED', 'AUTHORIZED', 'UNPAID', 'order.canceled'],
    ['PACKED_READY', 'CANCELED', 'UNPAID', 'UNPAID', 'order.canceled'],
    ['PAID', 'AWAITING_PROCESSING', 'PAID', 'UNPAID', 'order.reopened'],
    ['AUTHORIZED', 'AWAITING_PROCESSING', 'AUTHORIZED', 'UNPAID', 'order.reopened'],
    ['PAID', 'IN_PROCESS', 'PAID', 'PAID', 'order.in_process'],
    ['AWAITING_PROCESSING', 'IN_PROCESS', 'UNPAID', 'UNPAID', 'order.in_process'],
    ['IN_PROCESS', 'IN_PROCESS', 'UNPAID', 'PAID', 'order.paid'],
    ['PACKED_READY', 'PACKED_READY', 'PAID', 'UNPAID', 'order.reopened'],
    ['IN_PROCESS', 'PACKED_READY', 'UNPAID', 'UNPAID', 'order.ready'],
    ['PACKED_READY', 'IN_PROCESS', 'UNPAID', 'UNPAID', 'order.in_process'],
    ['PACKED_READY', 'COMPLETED', 'PAID', 'PAID', 'order.completed'],
  ] as const)('order %s → %s, paid %s → %s: %s', (from, to, paymentFrom, paymentTo, event) => {
    expect(orderEventType({ from, to, paymentFrom, paymentTo })).toBe(event);
  });
  it.each([
    ['pending', 'approved', 'payment.approved'],
    ['pending', 'declined', 'payment.declined'],
    ['approved', 'voided', 'payment.voided'],
    ['approved', 'approved', null], // a capture
    ['pending', 'canceled', null],
    ['pending', 'error', null],
  ] as const)('payment %s → %s: %s', (from, to, event) => {
    expect(paymentEventType(from, to)).toBe(event);
  });
});

describe('retry backoff', () => {
  it('doubles from one minute up to six hours', () => {
    const start = new Date('2026-11-25T12:00:00.000Z');
    const waits = [1, 2, 3, 4, 5, 8, 9, 10, 20].map(
      (attempts) => (nextTryAt(attempts, start).getTime() - start.getTime()) / 60_000,
    );
    expect(waits).toEqual([1, 2, 4, 8, 16, 128, 256, 360, 360]);
  });
});
