import {
  ALLOW_LOCAL_OPTION,
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEventType,
} from '../../../shared/contracts/webhooks';
import type { Tone } from '../../../shared/labels';
import { answerInWords } from '../../../shared/network-failures';

/** Each event an endpoint can ask for, as the back office names it. */
export const EVENT_WORDS: Record<WebhookEventType, string> = {
  'order.created': 'Order created',
  'order.updated': 'Order changed',
  'order.paid': 'Order paid',
  'order.authorized': 'Order authorized',
  'order.canceled': 'Order canceled',
  'order.reopened': 'Order reopened',
  'order.in_process': 'Order started',
  'order.ready': 'Order ready',
  'order.completed': 'Order completed',
  'payment.approved': 'Payment approved',
  'payment.declined': 'Payment declined',
  'payment.voided': 'Payment voided',
  'payment.refunded': 'Payment refunded',
};

/** The events in the form's two groups, in the contract's order. */
export const EVENT_GROUPS: readonly { title: string; events: WebhookEventType[] }[] = [
  { title: 'Orders', events: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('order.')) },
  { title: 'Payments', events: WEBHOOK_EVENT_TYPES.filter((type) => type.startsWith('payment.')) },
];

/** What an endpoint listens to: "All events", or its events in words in the contract's order. */
export function eventsInWords(events: readonly WebhookEventType[]): string {
  if (WEBHOOK_EVENT_TYPES.every((type) => events.includes(type))) return 'All events';
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))
    .map((type) => EVENT_WORDS[type])
    .join(', ');
}

/** "Order paid, order AB23CD": what a delivery announced. */
export function deliveryEvent(delivery: Pick<WebhookDeliveryView, 'eventType' | 'orderNumber'>): string {
  const words = EVENT_WORDS[delivery.eventType];
  return delivery.orderNumber ? `${words}, order ${delivery.orderNumber}` : words;
}

/** Where a delivery stands, in a word, and its tone: a first try not answered yet is still sending. */
export function deliveryStatus(delivery: Pick<WebhookDeliveryView, 'status' | 'attempts' | 'lastResult'>): {
  label: string;
  tone: Tone;
} {
  if (delivery.status === 'delivered') return { label: 'Delivered', tone: 'good' };
  if (delivery.status === 'failed') return { label: 'Failed', tone: 'stopped' };
  const sending = delivery.attempts === 0 || delivery.lastResult === null;
  return sending ? { label: 'Sending', tone: 'waiting' } : { label: 'Retrying', tone: 'waiting' };
}

/**
 * A delivery's last answer as the screen shows it: a failure to connect in words ("host not
 * found"), without the code the API's record adds for integrators; null before any answer.
 */
export function lastAnswer(delivery: Pick<WebhookDeliveryView, 'lastResult'>): string | null {
  return delivery.lastResult === null ? null : answerInWords(delivery.lastResult);
}

/** "1 attempt", "3 attempts", "Not tried yet". */
export function attemptsInWords(attempts: number): string {
  if (attempts === 0) return 'Not tried yet';
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** An endpoint's state in a word, its tone, and why it is off (a sentence, '' when it is on). */
export function endpointState(endpoint: Pick<WebhookEndpointView, 'disabled' | 'disabledReason'>): {
  label: string;
  tone: Tone;
  why: string;
} {
  if (!endpoint.disabled) return { label: 'Active', tone: 'good', why: '' };
  if (endpoint.disabledReason === 'failing') {
    return {
      label: 'Disabled: kept failing',
      tone: 'stopped',
      why: 'Its deliveries failed for 3 days, so the service stopped sending to it.',
    };
  }
  return { label: 'Disabled', tone: 'stopped', why: 'Disabled by a manager.' };
}

/**
 * What a manual redelivery's one attempt did, as a sentence: `when` formats the next try's time
 * (the store's clock).
 */
export function redeliveryOutcome(delivery: WebhookDeliveryView, when: (at: string) => string): string {
  const event = deliveryEvent(delivery);
  const answer = lastAnswer(delivery) ?? 'no answer';
  if (delivery.status === 'delivered') return `${event}: delivered to ${delivery.url} (${answer}).`;
  const next =
    delivery.status === 'pending' && delivery.nextAttemptAt ? ` Next try ${when(delivery.nextAttemptAt)}.` : '';
  return `${event}: not delivered to ${delivery.url} (${answer}).${next}`;
}

/** Why an endpoint cannot be added yet, before it is sent (null when it can). */
export function endpointProblem(input: { url: string; events: readonly WebhookEventType[] }): {
  field: 'url' | 'events';
  sentence: string;
} | null {
  if (!input.url.trim()) {
    return { field: 'url', sentence: 'Enter the address events are sent to, such as https://shop.example.com/hooks.' };
  }
  if (input.events.length === 0) return { field: 'events', sentence: 'Choose at least one event to send.' };
  return null;
}

/** The add form's checkbox that accepts an address for local testing. */
export const ALLOW_LOCAL_LABEL = 'Allow this computer and private network addresses';

/** A refusal of an endpoint, as the form words it: its checkbox where the service names its API option. */
export function endpointRefusal(sentence: string): string {
  return sentence.replace(ALLOW_LOCAL_OPTION, `“${ALLOW_LOCAL_LABEL}”`);
}
