import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookDeliveryView } from '../../../../shared/contracts/webhooks.js';
import {
  attemptsInWords,
  deliveryEvent,
  deliveryStatus,
  endpointProblem,
  endpointRefusal,
  endpointState,
  EVENT_GROUPS,
  EVENT_WORDS,
  eventsInWords,
  lastAnswer,
  redeliveryOutcome,
} from '../../../../renderer/backoffice/logic/webhook-words.js';

const delivery = (changes: Partial<WebhookDeliveryView>): WebhookDeliveryView => ({
  id: 'whd_1',
  endpointId: 'whe_1',
  url: 'https://shop.example.com/hooks',
  eventId: 'evt_1',
  eventType: 'order.paid',
  orderNumber: 'AB23CD',
  status: 'pending',
  attempts: 1,
  lastStatusCode: 500,
  lastResult: 'HTTP 500: down for maintenance',
  lastAttemptAt: '2026-11-23T11:37:00.000Z',
  nextAttemptAt: '2026-11-23T11:38:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-23T11:37:00.000Z',
  ...changes,
});

describe('webhook events in words', () => {
  it('names every event, in words and not codes, and groups them into orders and payments', () => {
    for (const type of WEBHOOK_EVENT_TYPES) expect(EVENT_WORDS[type]).toMatch(/^(Order|Payment) [a-z]+$/);
    expect(EVENT_GROUPS.flatMap((group) => group.events)).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(EVENT_GROUPS.map((group) => group.events.length)).toEqual([9, 4]);
  });

  it('says "All events" for every one, else lists them in the contract order', () => {
    expect(eventsInWords([...WEBHOOK_EVENT_TYPES].reverse())).toBe('All events');
    expect(eventsInWords(['payment.refunded', 'order.paid'])).toBe('Order paid, Payment refunded');
  });

  it('names what a delivery announced, with the order number when it has one', () => {
    expect(deliveryEvent({ eventType: 'order.paid', orderNumber: 'AB23CD' })).toBe('Order paid, order AB23CD');
    expect(deliveryEvent({ eventType: 'payment.refunded', orderNumber: null })).toBe('Payment refunded');
  });
});

describe('where deliveries and endpoints stand', () => {
  it('says Delivered, Retrying, Failed (and Sending before the first try), with a tone', () => {
    const failed = 'HTTP 500: boom';
    expect(deliveryStatus({ status: 'delivered', attempts: 2, lastResult: 'HTTP 200: ok' })).toEqual({
      label: 'Delivered',
      tone: 'good',
    });
    expect(deliveryStatus({ status: 'pending', attempts: 3, lastResult: failed })).toEqual({
      label: 'Retrying',
      tone: 'waiting',
    });
    expect(deliveryStatus({ status: 'pending', attempts: 0, lastResult: null })).toEqual({
      label: 'Sending',
      tone: 'waiting',
    });
    // The first try is on its way (claimed, no answer yet): nothing has failed.
    expect(deliveryStatus({ status: 'pending', attempts: 1, lastResult: null })).toEqual({
      label: 'Sending',
      tone: 'waiting',
    });
    expect(deliveryStatus({ status: 'failed', attempts: 18, lastResult: failed })).toEqual({
      label: 'Failed',
      tone: 'stopped',
    });
  });

  it('counts attempts in words', () => {
    expect([0, 1, 4].map(attemptsInWords)).toEqual(['Not tried yet', '1 attempt', '4 attempts']);
  });

  it('says why an endpoint is off: a manager, or deliveries that kept failing', () => {
    expect(endpointState({ disabled: false, disabledReason: null })).toEqual({
      label: 'Active',
      tone: 'good',
      why: '',
    });
    expect(endpointState({ disabled: true, disabledReason: 'manual' }).why).toBe('Disabled by a manager.');
    expect(endpointState({ disabled: true, disabledReason: 'failing' })).toMatchObject({
      label: 'Disabled: kept failing',
      why: 'Its deliveries failed for 3 days, so the service stopped sending to it.',
    });
  });
});

describe("a redelivery's result", () => {
  const when = (at: string) => `at ${at.slice(11, 16)}`;

  it('says it was delivered with the receiver’s answer', () => {
    const done = delivery({ status: 'delivered', attempts: 2, lastResult: 'HTTP 200', nextAttemptAt: null });
    expect(redeliveryOutcome(done, when)).toBe(
      'Order paid, order AB23CD: delivered to https://shop.example.com/hooks (HTTP 200).',
    );
  });

  it('says it was not, why, and when the next try is', () => {
    expect(redeliveryOutcome(delivery({}), when)).toBe(
      'Order paid, order AB23CD: not delivered to https://shop.example.com/hooks (HTTP 500: down for maintenance). Next try at 11:38.',
    );
    const failed = delivery({ status: 'failed', lastResult: null, nextAttemptAt: null, orderNumber: null });
    expect(redeliveryOutcome(failed, when)).toBe(
      'Order paid: not delivered to https://shop.example.com/hooks (no answer).',
    );
  });
});

describe('a failure to connect, as people read it', () => {
  const when = (at: string) => `at ${at.slice(11, 16)}`;

  it('says the words, never the network code the API record keeps for integrators', () => {
    expect(lastAnswer({ lastResult: 'host not found (ENOTFOUND)' })).toBe('host not found');
    expect(lastAnswer({ lastResult: 'connection refused (ECONNREFUSED)' })).toBe('connection refused');
    expect(lastAnswer({ lastResult: 'TLS certificate is for another host (ERR_TLS_CERT_ALTNAME_INVALID)' })).toBe(
      'TLS certificate is for another host',
    );
    // Every failure Node reports has words; what Node said stays in the record, off the screen.
    expect(
      lastAnswer({ lastResult: 'the connection was closed before an answer came (ECONNRESET: socket hang up)' }),
    ).toBe('the connection was closed before an answer came');
    expect(
      lastAnswer({
        lastResult: 'the answer was not HTTP (HPE_INVALID_CONSTANT: Parse Error: Expected HTTP/, RTSP/ or ICE/)',
      }),
    ).toBe('the answer was not HTTP');
    // A receiver's own answer is shown as it came, brackets and all; none yet is none.
    expect(lastAnswer({ lastResult: 'HTTP 503: try later (MAINTENANCE)' })).toBe('HTTP 503: try later (MAINTENANCE)');
    expect(lastAnswer({ lastResult: null })).toBeNull();
  });

  it('a redelivery that could not connect says why in words', () => {
    const refused = delivery({ lastStatusCode: null, lastResult: 'connection refused (ECONNREFUSED)' });
    expect(redeliveryOutcome(refused, when)).toBe(
      'Order paid, order AB23CD: not delivered to https://shop.example.com/hooks (connection refused). Next try at 11:38.',
    );
  });
});

describe('an endpoint to add', () => {
  it('needs an address and at least one event, and says so', () => {
    expect(endpointProblem({ url: '  ', events: ['order.paid'] })?.field).toBe('url');
    expect(endpointProblem({ url: 'https://a.example', events: [] })).toEqual({
      field: 'events',
      sentence: 'Choose at least one event to send.',
    });
    expect(endpointProblem({ url: 'https://a.example', events: ['order.paid'] })).toBeNull();
  });
});

describe("a refused endpoint's words in the form", () => {
  it("names the form's checkbox where the service names its API option, and leaves other refusals be", () => {
    expect(
      endpointRefusal(
        'The address must start with https:// (http:// is accepted only for local testing, with allowLocal: true).',
      ),
    ).toBe(
      'The address must start with https:// (http:// is accepted only for local testing, with ' +
        '“Allow this computer and private network addresses”).',
    );
    expect(endpointRefusal('The address must not carry a user name or password.')).toBe(
      'The address must not carry a user name or password.',
    );
  });
});
