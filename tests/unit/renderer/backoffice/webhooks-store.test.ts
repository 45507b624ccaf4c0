// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebhookDeliveryView, WebhookEndpointView } from '../../../../shared/contracts/webhooks.js';
import { ApiError } from '../../../../renderer/common/http.js';
import { useWebhooksStore } from '../../../../renderer/backoffice/stores/setup/webhooks.js';
import { fakeService, refused, signedIn } from './fake-service.js';
import { heldService } from '../held-service.js';

const WEBHOOKS = '/v2.0/dispensary/demo/setup/webhooks';
const endpoint = (id: string, changes: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  id,
  url: `https://${id}.example.com/hooks`,
  description: '',
  events: ['order.paid'],
  dispensaryShortName: 'demo',
  allowLocal: false,
  disabled: false,
  disabledReason: null,
  disabledAt: null,
  createdAt: '2026-11-23T11:37:00.000Z',
  ...changes,
});
const delivery = (id: string, changes: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView => ({
  id,
  endpointId: 'e1',
  url: 'https://e1.example.com/hooks',
  eventId: `evt_${id}`,
  eventType: 'order.paid',
  orderNumber: 'AB23CD',
  status: 'pending',
  attempts: 1,
  lastStatusCode: 500,
  lastResult: 'HTTP 500',
  lastAttemptAt: '2026-11-23T11:37:00.000Z',
  nextAttemptAt: '2026-11-23T11:38:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-23T11:37:00.000Z',
  ...changes,
});
const ok = { resultCode: 'SUCCESS', resultReason: null };

beforeEach(() => signedIn(['store:manage']));
afterEach(() => vi.unstubAllGlobals());

describe('webhook endpoints', () => {
  it('lists them and picks out the ones turned off for failing; a change replaces its row', async () => {
    const failing = endpoint('e2', { disabled: true, disabledReason: 'failing', disabledAt: '2026-11-26T11:37:00Z' });
    fakeService({
      [`GET ${WEBHOOKS}`]: [
        {
          body: {
            ...ok,
            endpoints: [endpoint('e1'), failing, endpoint('e3', { disabled: true, disabledReason: 'manual' })],
          },
        },
      ],
      [`POST ${WEBHOOKS}/e2/enable`]: [{ body: { ...ok, endpoint: endpoint('e2') } }],
    });
    const webhooks = useWebhooksStore();
    await webhooks.loadEndpoints();
    expect(webhooks.failing.map((e) => e.id)).toEqual(['e2']);
    await webhooks.setDisabled('e2', false);
    expect(webhooks.failing).toEqual([]);
    expect(webhooks.endpoints.map((e) => e.id)).toEqual(['e1', 'e2', 'e3']);
  });

  it('adds one and rotates its secret, each answer carrying the secret shown once', async () => {
    const calls = fakeService({
      [`POST ${WEBHOOKS}`]: [{ body: { ...ok, endpoint: endpoint('e1'), secret: 'whsec_one' } }],
      [`POST ${WEBHOOKS}/e1/rotate-secret`]: [{ body: { ...ok, endpoint: endpoint('e1'), secret: 'whsec_two' } }],
    });
    const webhooks = useWebhooksStore();
    const input = { url: 'https://e1.example.com/hooks', events: ['order.paid' as const], allowLocal: true };
    expect((await webhooks.add(input)).secret).toBe('whsec_one');
    expect(calls[0]!.body).toEqual(input);
    expect((await webhooks.rotateSecret('e1')).secret).toBe('whsec_two');
    expect(webhooks.endpoints).toHaveLength(1);
    // The store keeps no secret: it is in the answers only.
    expect(JSON.stringify(webhooks.$state)).not.toContain('whsec_');
  });

  it("throws the service's refusal for the screen to show", async () => {
    fakeService({
      [`POST ${WEBHOOKS}`]: [refused(400, 'INVALID_INPUT', 'url resolves to a private address (10.0.0.5)')],
    });
    const adding = useWebhooksStore().add({ url: 'https://intranet.local/hooks', events: ['order.paid'] });
    await expect(adding).rejects.toEqual(
      new ApiError(400, 'INVALID_INPUT', 'url resolves to a private address (10.0.0.5)'),
    );
  });
});

describe('the delivery log', () => {
  it('filters by endpoint and status, and "Load older" appends the next page by its cursor', async () => {
    const calls = fakeService({
      [`GET ${WEBHOOKS}/deliveries`]: [
        { body: { ...ok, deliveries: [delivery('d3'), delivery('d2')], nextCursor: 'c2' } },
        { body: { ...ok, deliveries: [delivery('d1')], nextCursor: null } },
        { body: { ...ok, deliveries: [delivery('d3')], nextCursor: 'c9' } },
      ],
    });
    const webhooks = useWebhooksStore();
    webhooks.endpointId = 'e1';
    webhooks.status = 'pending';
    await webhooks.loadDeliveries();
    await webhooks.loadDeliveries(true);
    const [first, second] = calls.map((call) => call.url.searchParams);
    expect(Object.fromEntries(first!)).toEqual({ limit: '25', endpointId: 'e1', status: 'pending' });
    expect(second!.get('before')).toBe('c2');
    expect(webhooks.deliveries.map((d) => d.id)).toEqual(['d3', 'd2', 'd1']);
    expect(webhooks.nextCursor).toBeNull();
    // A new filter starts from the newest page again.
    webhooks.endpointId = '';
    await webhooks.loadDeliveries();
    expect(Object.fromEntries(calls[2]!.url.searchParams)).toEqual({ limit: '25', status: 'pending' });
    expect(webhooks.deliveries.map((d) => d.id)).toEqual(['d3']);
  });

  it('shows the page of the last filters chosen, when an earlier one (or its failure) answers after', async () => {
    const calls = heldService();
    const webhooks = useWebhooksStore();
    const everything = webhooks.loadDeliveries();
    webhooks.status = 'failed';
    const failed = webhooks.loadDeliveries();
    calls[1]!.answer({ body: { ...ok, deliveries: [delivery('d2')], nextCursor: null } });
    await failed;
    calls[0]!.answer({ body: { ...ok, deliveries: [delivery('d3'), delivery('d2')], nextCursor: 'c2' } });
    await everything;
    expect(webhooks.deliveries.map((d) => d.id)).toEqual(['d2']);
    expect(webhooks.nextCursor).toBeNull();
    webhooks.status = 'delivered';
    const delivered = webhooks.loadDeliveries();
    webhooks.status = '';
    const all = webhooks.loadDeliveries();
    calls[3]!.answer({ body: { ...ok, deliveries: [delivery('d1')], nextCursor: null } });
    await all;
    calls[2]!.answer(refused(503, 'UNAVAILABLE', 'The service is busy.'));
    await expect(delivered).resolves.toBeUndefined();
    expect(webhooks.deliveries.map((d) => d.id)).toEqual(['d1']);
  });

  it("a redelivery's answer replaces its row in place", async () => {
    const delivered = delivery('d2', { status: 'delivered', attempts: 2, lastResult: 'HTTP 200', nextAttemptAt: null });
    fakeService({
      [`GET ${WEBHOOKS}/deliveries`]: [
        { body: { ...ok, deliveries: [delivery('d3'), delivery('d2')], nextCursor: null } },
      ],
      [`POST ${WEBHOOKS}/deliveries/d2/redeliver`]: [{ body: { ...ok, delivery: delivered } }],
    });
    const webhooks = useWebhooksStore();
    await webhooks.loadDeliveries();
    expect(await webhooks.redeliver('d2')).toEqual(delivered);
    expect(webhooks.deliveries.map((d) => [d.id, d.status])).toEqual([
      ['d3', 'pending'],
      ['d2', 'delivered'],
    ]);
  });
});
