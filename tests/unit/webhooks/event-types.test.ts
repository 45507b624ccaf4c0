import { describe, expect, it } from 'vitest';
import { nextTryAt } from '../../../electron/server/webhooks/dispatcher.js';
import { orderEventType, paymentEventType } from '../../../electron/server/webhooks/event-types.js';

describe('which change announces which event', () => {
  it.each([
    [null, 'AWAITING_PROCESSING', 'order.created'],
    ['AWAITING_PROCESSING', 'PAID', 'order.paid'],
    ['AUTHORIZED', 'PAID', 'order.paid'],
    ['AWAITING_PROCESSING', 'AUTHORIZED', 'order.authorized'],
    ['AWAITING_PROCESSING', 'CANCELED', 'order.canceled'],
    ['AUTHORIZED', 'CANCELED', 'order.canceled'],
    ['PAID', 'AWAITING_PROCESSING', 'order.reopened'],
    ['AUTHORIZED', 'AWAITING_PROCESSING', 'order.reopened'],
    ['PAID', 'IN_PROCESS', null],
    ['PACKED_READY', 'COMPLETED', null],
  ] as const)('order %s → %s: %s', (from, to, event) => {
    expect(orderEventType(from, to)).toBe(event);
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
