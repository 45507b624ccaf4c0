import { describe, expect, it } from 'vitest';
import { deliveryStatus } from '../../../electron/cli/commands/webhook-words.js';

describe('servicepay webhooks deliveries: where a delivery stands', () => {
  it('says a first try on its way is being sent, not failed', () => {
    expect(deliveryStatus({ status: 'pending', attempts: 0, lastResult: null })).toBe('waiting to be sent');
    expect(deliveryStatus({ status: 'pending', attempts: 1, lastResult: null })).toBe('being sent');
    expect(deliveryStatus({ status: 'pending', attempts: 1, lastResult: 'HTTP 500: boom' })).toBe('failed, will retry');
    expect(deliveryStatus({ status: 'delivered', attempts: 2, lastResult: 'HTTP 200: ok' })).toBe('delivered');
    expect(deliveryStatus({ status: 'failed', attempts: 18, lastResult: 'timed out after 10 s' })).toBe(
      'failed, gave up',
    );
  });
});
