import { afterAll, beforeAll, expect, it } from 'vitest';
import { MetrcTestServer } from '../../support/metrc-test-server.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { taggedPackages } from '../inventory/support/adjustment-fixtures.js';
import { listenOnLoopback } from '../support/real-port.js';
import { configure, paidTicket, STATE_KEYS } from './state-support.js';

// The listening service sends a state record as soon as it is written, not at its next read of the
// outbox: here those reads come every ten minutes, so only the written record's wake can send it.
let service: PaymentHarness;
const state = new MetrcTestServer(STATE_KEYS);

beforeAll(async () => {
  service = await paymentService({ statePollMs: 600_000 });
  await configure(service, { baseUrl: await state.start(), ...STATE_KEYS, enabled: true });
  // Listening starts the reporter: its first read finds nothing (no sale yet), the next is ten minutes away.
  await listenOnLoopback(service.app);
}, 60_000);
afterAll(async () => {
  await service.close();
  await state.stop();
});

it('sends a sale to the state as soon as it is paid, then an adjustment as soon as it is made', async () => {
  const sold = await paidTicket(service, 0);
  await state.called(1);
  expect(state.calls[0]).toMatchObject({ method: 'POST', path: '/sales/v2/receipts' });
  expect((state.calls[0]!.body as { ExternalReceiptNumber: string }[])[0]!.ExternalReceiptNumber).toBe(
    sold.orderNumber,
  );

  const tagged = (await taggedPackages(service.app))[0]!;
  const adjusted = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/setup/inventory/adjustments',
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { package: tagged.label, delta: -1, reason: 'theft', note: 'Missing at count' },
  });
  expect(adjusted.statusCode, adjusted.body).toBe(200);
  await state.called(2);
  expect(state.calls[1]).toMatchObject({ method: 'POST', path: '/packages/v2/adjust' });
  expect(state.adjustments).toEqual([expect.objectContaining({ Label: tagged.label, Quantity: -1 })]);
});
