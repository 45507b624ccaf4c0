// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { beforeEach, describe, expect, it } from 'vitest';
import { useVirtualTerminalStore } from '../../../../renderer/backoffice/stores/virtual-terminal.js';
import type { PaymentResponse } from '../../../../renderer/sdk/types/servicepay.js';
import { signedIn } from './fake-service.js';

const declined: PaymentResponse = {
  eventType: 'PAYMENT_ERROR',
  userMessage: 'Declined: insufficient funds',
  processorName: 'sandbox',
  paymentMethod: 'Credit',
  data: {},
};
const canceled = {
  eventType: 'PAYMENT_CANCELED',
  userMessage: 'Payment canceled',
  processorName: 'sandbox',
  paymentMethod: 'ACH',
  data: {},
} as unknown as PaymentResponse;

beforeEach(() => signedIn([]));

describe('the virtual terminal says how a payment ended once', () => {
  it('a decline the widget shows is not repeated in the result panel, and clears an older result', async () => {
    const vt = useVirtualTerminalStore();
    await vt.record(canceled, true);
    expect(vt.result?.title).toBe('Payment canceled');
    await vt.record(declined, true);
    expect(vt.result).toBeNull();
  });

  it('a refusal with no widget on screen is said by the panel', async () => {
    const vt = useVirtualTerminalStore();
    await vt.record(declined, false);
    expect(vt.result).toMatchObject({ tone: 'bad', title: 'Payment not completed' });
  });

  it('a new payment clears the last one’s result', async () => {
    const vt = useVirtualTerminalStore();
    await vt.record(canceled, true);
    vt.begin();
    expect(vt.result).toBeNull();
  });
});
