import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import type { PaymentRecord } from './payment.js';
import { Count, HttpStatus } from '../numbers.js';

/**
 * Webhooks: an integrator's HTTPS endpoint told of every change of an order and a payment, signed,
 * at least once, with a delivery log (README "Webhooks").
 */

/** Every event an endpoint can ask for. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  /** Its lines were changed before payment (a quantity, a package, a line taken off): its new lines and total. */
  'order.updated',
  'order.paid',
  'order.authorized',
  'order.canceled',
  'order.reopened',
  'order.in_process',
  'order.ready',
  'order.completed',
  'payment.approved',
  'payment.declined',
  'payment.voided',
  'payment.refunded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'ServicePay-Signature';
/** A receiver refuses a delivery signed longer ago than this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Where a delivery stands: waiting for its next try, received (2xx), or given up after 3 days. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * How a refused endpoint URL names the set-up API's option that accepts it for local testing
 * (plain http://, loopback and private addresses); the CLI and the back office put their own name
 * for it in its place (`--allow-local`, the form's checkbox).
 */
export const ALLOW_LOCAL_OPTION = 'allowLocal: true';

const Store = Type.Union([Type.String(), Type.Null()], {
  description: 'Short name of the one store it is for; null for every store of the organization',
});
const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);

/** An endpoint as a manager sees it (its secret is shown only when added or rotated). */
export const WebhookEndpointViewSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES)),
  dispensaryShortName: Store,
  /** Private and loopback addresses accepted: for testing on one's own machine. */
  allowLocal: Type.Boolean(),
  disabled: Type.Boolean(),
  /** Why it was disabled: `manual`, or `failing` (deliveries kept failing for 3 days). */
  disabledReason: Type.Union([Type.Literal('manual'), Type.Literal('failing'), Type.Null()]),
  disabledAt: NullableTime,
  createdAt: Time,
});
export type WebhookEndpointView = Static<typeof WebhookEndpointViewSchema>;

export const NewWebhookEndpointSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000, description: 'https:// (http:// only with allowLocal)' }),
    events: Type.Array(Type.Enum(WEBHOOK_EVENT_TYPES), {
      minItems: 1,
      maxItems: WEBHOOK_EVENT_TYPES.length,
      uniqueItems: true,
    }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    allStores: Type.Optional(
      Type.Boolean({ description: 'Every store of the organization (organization-wide logins only)' }),
    ),
    allowLocal: Type.Optional(
      Type.Boolean({ description: 'Accept loopback and private addresses, for testing on one’s own machine' }),
    ),
  },
  { additionalProperties: false },
);
export type NewWebhookEndpointInput = Static<typeof NewWebhookEndpointSchema>;

export const WebhookEndpointsResponse = Type.Object({
  ...SuccessFields,
  endpoints: Type.Array(WebhookEndpointViewSchema),
});
export const WebhookEndpointResponse = Type.Object({ ...SuccessFields, endpoint: WebhookEndpointViewSchema });
export const WebhookSecretResponse = Type.Object({
  ...SuccessFields,
  endpoint: WebhookEndpointViewSchema,
  secret: Type.String({ description: 'The signing secret (whsec_…), shown this once' }),
});

/** One event sent to one endpoint, with what its last try got. */
export const WebhookDeliveryViewSchema = Type.Object({
  id: Type.String(),
  endpointId: Type.String(),
  url: Type.String(),
  eventId: Type.String(),
  eventType: Type.Enum(WEBHOOK_EVENT_TYPES),
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  status: Type.Enum(DELIVERY_STATUSES),
  attempts: Count(),
  /** The receiver's HTTP status of the last try, or null (no answer). */
  lastStatusCode: Type.Union([HttpStatus(), Type.Null()]),
  /** The last try's outcome in words: `HTTP 500: <first bytes of the body>`, `timed out after 10 s`… */
  lastResult: Type.Union([Type.String(), Type.Null()]),
  lastAttemptAt: NullableTime,
  nextAttemptAt: NullableTime,
  deliveredAt: NullableTime,
  createdAt: Time,
});
export type WebhookDeliveryView = Static<typeof WebhookDeliveryViewSchema>;

export const WebhookDeliveriesResponse = Type.Object({
  ...SuccessFields,
  deliveries: Type.Array(WebhookDeliveryViewSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export const WebhookDeliveryResponse = Type.Object({ ...SuccessFields, delivery: WebhookDeliveryViewSchema });

/** What a receiver gets: the JSON body of every delivery. */
export interface WebhookEvent<T = unknown> {
  /** Unique per event (`evt_…`): the same id on every retry, so receivers can drop duplicates. */
  id: string;
  type: WebhookEventType;
  /** When the change happened (ISO 8601, UTC). */
  createdAt: string;
  organizationId: string;
  /** Null for a payment taken for no store (organization-wide endpoints only receive it). */
  dispensaryId: string | null;
  dispensaryShortName: string | null;
  /** The order's events in order: 1, 2, 3… (payment events of an order count among them). */
  sequence: number;
  /**
   * `order.*`: the order as `GET …/ticket/<id>` returns it (amounts as decimal strings);
   * `payment.*`: the payment (`WebhookPaymentData`, amounts in cents).
   */
  data: T;
  /** `payment.refunded` only: what this refund gave back, and all given back of the payment so far. */
  refund?: WebhookRefund;
}

/** `data` of a `payment.*` event: the payment record, amounts in integer cents. */
export type WebhookPaymentData = PaymentRecord & {
  /** Cents given back of this payment so far, every refund counted (0 until one). */
  refundedAmount: number;
};

/** `refund` of a `payment.refunded` event, in cents. */
export interface WebhookRefund {
  /** What this refund gave back. */
  amount: number;
  /** All given back of the payment so far, this refund included (the event's `data.refundedAmount`). */
  totalRefunded: number;
}
