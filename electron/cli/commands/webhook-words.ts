import {
  DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type DeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from '../../../shared/contracts/webhooks.js';
import { invalidInput } from '../../../shared/errors.js';
import { answerInWords } from '../../../shared/network-failures.js';
import { storeDateTime } from '../../../shared/store-time.js';
import { plainSpaces, table } from '../cli-context.js';

/** What `--events` takes: event names separated by commas or spaces, or `all`. */
export function parseEvents(text: string): WebhookEventType[] {
  const names = text.split(/[\s,]+/).filter((name) => name !== '');
  if (names.length === 1 && names[0]!.toLowerCase() === 'all') return [...WEBHOOK_EVENT_TYPES];
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  const unknown = names.filter((name) => !known.has(name));
  if (names.length === 0 || unknown.length > 0) {
    const what = names.length === 0 ? 'names no event' : `has no event named ${unknown.join(', ')}`;
    throw invalidInput('--events', `${what}; the events are ${WEBHOOK_EVENT_TYPES.join(', ')} (or all)`);
  }
  return names as WebhookEventType[];
}

/** What `--status` takes. */
export function parseStatus(text: string | undefined): DeliveryStatus | undefined {
  if (text === undefined || (DELIVERY_STATUSES as readonly string[]).includes(text)) {
    return text as DeliveryStatus | undefined;
  }
  throw invalidInput('--status', `must be one of ${DELIVERY_STATUSES.join(', ')} (not "${text}")`);
}

/** Enabled, or disabled and why. */
export function endpointState(endpoint: WebhookEndpointView): string {
  if (!endpoint.disabled) return 'enabled';
  return endpoint.disabledReason === 'failing' ? 'disabled (kept failing)' : 'disabled (manual)';
}

const eventList = (events: readonly string[]) =>
  events.length === WEBHOOK_EVENT_TYPES.length ? 'all' : events.join(', ');

/** The endpoints as a table for people, each store by `storeName` (a short name of null: every store). */
export function endpointTable(
  endpoints: readonly WebhookEndpointView[],
  storeName: (shortName: string | null) => string,
): string {
  const rows = endpoints.map((endpoint) => ({
    id: endpoint.id,
    url: endpoint.url,
    events: eventList(endpoint.events),
    store: storeName(endpoint.dispensaryShortName),
    state: endpointState(endpoint),
  }));
  return table(rows, ['id', 'url', 'events', 'store', 'state']);
}

/**
 * Where a delivery stands, in words. A try claimed and not answered yet (tried, no outcome kept) is
 * being sent, not failed.
 */
export function deliveryStatus(delivery: Pick<WebhookDeliveryView, 'status' | 'attempts' | 'lastResult'>): string {
  if (delivery.status === 'delivered') return 'delivered';
  if (delivery.status === 'failed') return 'failed, gave up';
  if (delivery.attempts === 0) return 'waiting to be sent';
  return delivery.lastResult === null ? 'being sent' : 'failed, will retry';
}

/** "Today, 3:37 PM PDT" in `timeZone`, for a terminal. */
export const shownTime = (at: string, timeZone: string, now = new Date()) =>
  plainSpaces(storeDateTime(at, timeZone, now));

/** The delivery log as a table for people, its times in `timeZone`. */
export function deliveryTable(deliveries: readonly WebhookDeliveryView[], timeZone: string): string {
  const now = new Date();
  const rows = deliveries.map((delivery) => ({
    id: delivery.id,
    time: shownTime(delivery.createdAt, timeZone, now),
    event: delivery.eventType,
    order: delivery.orderNumber ?? '—',
    status: deliveryStatus(delivery),
    attempts: delivery.attempts,
    // A failure in words; what Node said is the log's (--json, the API's record).
    'last answer': delivery.lastResult === null ? '—' : answerInWords(delivery.lastResult),
    'next try': delivery.nextAttemptAt ? shownTime(delivery.nextAttemptAt, timeZone, now) : '—',
  }));
  return table(rows, ['id', 'time', 'event', 'order', 'status', 'attempts', 'last answer', 'next try']);
}

/** One line: how a redelivery went. */
export function redeliveryLine(delivery: WebhookDeliveryView, timeZone: string): string {
  if (delivery.status === 'delivered') return `Delivered: HTTP ${delivery.lastStatusCode}`;
  const next = delivery.nextAttemptAt
    ? `next try at ${shownTime(delivery.nextAttemptAt, timeZone)}`
    : 'no more automatic tries';
  return `Failed again: ${delivery.lastResult === null ? 'no answer' : answerInWords(delivery.lastResult)}; ${next}`;
}
