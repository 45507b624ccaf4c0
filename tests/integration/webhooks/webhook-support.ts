import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../../shared/contracts/webhooks.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/contracts/webhooks.js';
import type { ServiceConfig } from '../../../electron/server/core/config.js';
import { WebhookDispatcher, type DispatcherOptions } from '../../../electron/server/webhooks/dispatcher.js';
import { paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { TestReceiver } from './receiver.js';

/** One test file's webhooks: the demo service, a receiver at `url`, and a dispatcher run by hand. */
export interface WebhookHarness {
  service: PaymentHarness;
  receiver: TestReceiver;
  url: string;
  dispatcher: WebhookDispatcher;
}

/**
 * Sets up a test file's webhooks before its first test (the dispatcher with `options`: its clock,
 * its timeout; the service with `overrides`: its clock too), disables every endpoint after each
 * test, and stops it all after the last.
 */
export function webhookHarness(
  options: DispatcherOptions = { now: () => new Date() },
  overrides: Partial<ServiceConfig> = {},
): WebhookHarness {
  const harness = { receiver: new TestReceiver() } as WebhookHarness;
  beforeAll(async () => {
    harness.service = await paymentService(overrides);
    harness.url = await harness.receiver.start();
    harness.dispatcher = new WebhookDispatcher(harness.service.app.ctx.db, options);
  });
  afterEach(() => disableAll(harness.service));
  afterAll(async () => {
    await harness.receiver.stop();
    await harness.service.close();
  });
  return harness;
}

/** The demo store's set-up API as its manager calls it. */
export function setupCall(service: PaymentHarness, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) {
  return service.request({
    method,
    url: `/v2.0/dispensary/demo/setup${path}`,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    ...(payload ? { payload } : {}),
  });
}

/** Adds an endpoint for local testing; answers it and its secret. */
export async function addEndpoint(
  service: PaymentHarness,
  url: string,
  events: readonly string[] = WEBHOOK_EVENT_TYPES,
): Promise<{ endpoint: WebhookEndpointView; secret: string }> {
  const answer = await setupCall(service, 'POST', '/webhooks', { url, events: [...events], allowLocal: true });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** The delivery log of one endpoint, newest first. */
export async function deliveries(service: PaymentHarness, endpointId: string): Promise<WebhookDeliveryView[]> {
  const answer = await setupCall(service, 'GET', `/webhooks/deliveries?endpointId=${endpointId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ deliveries: WebhookDeliveryView[] }>().deliveries;
}

/** Disables every enabled endpoint of the demo store (each test starts with its own). */
export async function disableAll(service: PaymentHarness): Promise<void> {
  const answer = await setupCall(service, 'GET', '/webhooks');
  expect(answer.statusCode, answer.body).toBe(200);
  const listed = answer.json<{ endpoints: WebhookEndpointView[] }>();
  for (const endpoint of listed.endpoints.filter((entry) => !entry.disabled)) {
    expect((await setupCall(service, 'POST', `/webhooks/${endpoint.id}/disable`)).statusCode).toBe(200);
  }
}
