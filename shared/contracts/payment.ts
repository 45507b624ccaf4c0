import { Type, type Static } from 'typebox';
import { ORDER_STATUSES } from '../order-status.js';
import { SuccessFields } from './common.js';
import { AMOUNT_MAX_CENTS, AmountCents, Cents } from '../numbers.js';

/**
 * The payment service's contract (docs/payments.md): what the widget sends and receives. Amounts are
 * integer cents everywhere here, as in spec 2.5 and 2.8. The server validates with these schemas; the
 * widget imports only their types.
 */

/** Spec 2.7: the payment methods. */
export const PAYMENT_METHODS = ['Credit', 'Debit', 'ATM', 'ACH', 'Cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec 4.3: where the SDK runs. */
export const CHANNELS = ['ffd', 'ecommerce', 'virtual_terminal', 'pos'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How a method takes its money: a PIN pad, a keyed card form, a hosted paylink, or cash in hand. */
export const ENTRY_MODES = ['pinpad', 'keyed', 'paylink', 'cash'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

/** Statuses of a payment record. The spec shows `approved` and `canceled`; the rest are ours. */
export const PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'error', 'canceled', 'voided', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Where an unfinished payment stands. */
export const PENDING_STAGES = ['awaiting_device', 'awaiting_customer', 'processing'] as const;
export type PendingStage = (typeof PENDING_STAGES)[number];

const Uuid = Type.String({ format: 'uuid' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Spec 2.6. */
export const CustomerSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    phone: Type.String({ minLength: 1, maxLength: 40 }),
    email: Type.String({ format: 'email', maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type Customer = Static<typeof CustomerSchema>;

/**
 * `POST /v2.0/payments/sessions`: the payment event of spec 2.5 (without its callback) plus what the
 * SDK knows from init. Opening the same session twice returns the first (`reused: true`).
 */
export const SessionRequestSchema = Type.Object(
  {
    entityId: Type.String({ format: 'uuid', description: 'MSO entity id from getEntityId.' }),
    channel: Type.Enum(CHANNELS),
    dispensaryShortName: Type.Optional(Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 10 })),
    originalAmount: AmountCents('Total to collect, in cents; greater than zero.', 1),
    ticketAlphaNumId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' })),
    ticketId: Type.Optional(Uuid),
    employeeReferenceId: Type.Optional(Type.String({ maxLength: 64 })),
    transactingAssociateId: Type.Optional(Uuid),
    customer: Type.Optional(CustomerSchema),
    tip: Type.Optional(AmountCents('Tip in cents, on top of originalAmount.')),
    taxes: Type.Optional(AmountCents('Taxes in cents (informational).')),
    discount: Type.Optional(AmountCents(undefined, -AMOUNT_MAX_CENTS)),
    rewardDollars: Type.Optional(AmountCents('Reward dollars in cents (informational).')),
    locationId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    processorName: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 40 }), Type.Null()])),
    referenceNumber: Type.Optional(Type.String({ maxLength: 64 })),
    entityName: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type SessionRequest = Static<typeof SessionRequestSchema>;

/** One payment method the widget may offer, after the configuration's filtering rules (spec 4.3). */
export const AvailableMethodSchema = Type.Object({
  paymentMethod: Type.Enum(PAYMENT_METHODS),
  /** For people: "Credit card", "Debit card", "Cashless ATM", "Bank transfer (ACH)", "Cash". */
  label: Type.String(),
  entry: Type.Enum(ENTRY_MODES),
  processorId: Nullable(Type.String()),
  processorName: Nullable(Type.String()),
  locationId: Nullable(Type.String()),
  paymentDeviceConfigurationId: Nullable(Type.String()),
  /** Largest amount in cents one payment of this method may take (ACH: 99900), or null. */
  maxAmount: Type.Union([Cents(), Type.Null()]),
  /** Why the method cannot take this payment (over its maximum, no PIN pad…), or null when it can. */
  unavailableReason: Nullable(Type.String()),
});
export type AvailableMethod = Static<typeof AvailableMethodSchema>;

/** `GET /v2.0/payments/config?entityId&channel[&locationId][&processorName]`. */
export const PaymentConfigSchema = Type.Object({
  ...SuccessFields,
  entityId: Type.String(),
  entityName: Type.String(),
  channel: Type.Enum(CHANNELS),
  methods: Type.Array(AvailableMethodSchema),
});
export type PaymentConfig = Static<typeof PaymentConfigSchema>;

/** Spec 2.8 `data`: one payment as stored and as delivered in PAYMENT_APPROVED / PAYMENT_CANCELED. */
export const PaymentRecordSchema = Type.Object({
  id: Uuid,
  invoiceId: Nullable(Type.String()),
  chargeId: Nullable(Type.String()),
  originalAmount: Cents('Cents applied to the order (before ATM rounding).'),
  taxAmount: Type.Union([Cents(), Type.Null()]),
  tipAmount: Cents(),
  feeAmount: Cents(),
  providerPaymentType: Nullable(Type.String()),
  paymentDirection: Nullable(Type.String()),
  providerTransType: Type.String({ description: '`sale`, `authorization`, `cash`.' }),
  entityId: Type.String(),
  customer: Type.Union([CustomerSchema, Type.Null()]),
  processorResponseCode: Type.String(),
  processorResponseMessage: Type.String({ description: '`approved`, `declined`, `canceled`, `error`…' }),
  processorResponseDetailMessage: Type.String(),
  /** The PIN pad, card-not-present or cash-drawer configuration the payment ran through. */
  paymentDeviceConfigurationId: Uuid,
  employeeReferenceId: Type.String(),
  associateId: Type.String(),
  transactingAssociateId: Nullable(Type.String()),
  status: Type.Enum(PAYMENT_STATUSES),
  referenceNumber: Type.String(),
  processorId: Nullable(Type.String()),
  processorName: Type.String(),
  method: Type.Enum(PAYMENT_METHODS),
  updatedAt: Type.String({ description: 'ISO 8601 UTC with milliseconds.' }),
  cashbackAmount: Cents(),
  ticketId: Nullable(Type.String()),
  ticketAlphaNumId: Nullable(Type.String()),
  sessionId: Uuid,
  lastActionTaken: Type.String({ description: '`sale`, `authorize`, `capture`, `void`, `refund`, `cancel`.' }),
  /** Cents charged to the card (originalAmount + tip + cashback). */
  chargedAmount: Cents(),
  /** Cash: what the customer handed over, and the change due. */
  tenderedAmount: Type.Union([Cents(), Type.Null()]),
  changeDue: Cents(),
  /** Card brand and last four digits, never more of the number. */
  cardBrand: Nullable(Type.String()),
  cardLast4: Nullable(Type.String()),
  captured: Type.Boolean({ description: 'False for an authorization not yet captured (ACH).' }),
});
export type PaymentRecord = Static<typeof PaymentRecordSchema>;

/** A payment the processor, the PIN pad or the customer has not answered yet. */
export const PendingPaymentSchema = Type.Object({
  id: Uuid,
  paymentMethod: Type.Enum(PAYMENT_METHODS),
  stage: Type.Enum(PENDING_STAGES),
  amount: Cents(),
  /** The paylink the customer completes (ACH), on the service's origin. */
  paylinkUrl: Nullable(Type.String()),
  /** A sentence for the customer: "Insert, tap or swipe your card", "Confirming with the processor…". */
  prompt: Type.String(),
  startedAt: Type.String(),
});
export type PendingPayment = Static<typeof PendingPaymentSchema>;

/** The order a session pays, as the widget shows it. */
export const SessionOrderSchema = Type.Object({
  orderId: Type.String(),
  orderNumber: Type.String(),
  status: Type.Enum(ORDER_STATUSES),
  total: Cents(),
  paid: Cents('Cents approved by all payments of the order (any session).'),
  balanceDue: Cents(),
});

export const SESSION_STATUSES = ['open', 'completed', 'canceled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** A payment session: the state of one `payment` event, followed live by the widget. */
export const PaymentSessionSchema = Type.Object({
  sessionId: Uuid,
  status: Type.Enum(SESSION_STATUSES),
  channel: Type.Enum(CHANNELS),
  entityId: Type.String(),
  entityName: Type.String(),
  dispensaryShortName: Nullable(Type.String()),
  locationId: Nullable(Type.String()),
  ticketAlphaNumId: Nullable(Type.String()),
  ticketId: Nullable(Type.String()),
  order: Type.Union([SessionOrderSchema, Type.Null()]),
  originalAmount: Cents(),
  tipAmount: Cents(),
  /** Cents still to collect in this session. */
  amountDue: Cents(),
  amountPaid: Cents(),
  methods: Type.Array(AvailableMethodSchema),
  payments: Type.Array(PaymentRecordSchema),
  pending: Type.Union([PendingPaymentSchema, Type.Null()]),
  /** True when this answer is a session opened earlier for the same event (a resend or double click). */
  reused: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type PaymentSession = Static<typeof PaymentSessionSchema>;

export const SessionResponseSchema = Type.Object({ ...SuccessFields, session: PaymentSessionSchema });

/** A keyed card (card not present). The number never leaves the service: only brand and last 4 are kept. */
export const KeyedCardSchema = Type.Object(
  {
    number: Type.String({ pattern: '^[0-9 ]{12,23}$' }),
    expiry: Type.String({ pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$', description: 'MM/YY' }),
    cvc: Type.String({ pattern: '^[0-9]{3,4}$' }),
    postalCode: Type.String({ minLength: 3, maxLength: 10 }),
  },
  { additionalProperties: false },
);

/** `POST /v2.0/payments/sessions/<id>/payments` with an `Idempotency-Key` header. */
export const PayRequestSchema = Type.Object(
  {
    paymentMethod: Type.Enum(PAYMENT_METHODS),
    /** Cents to apply; defaults to the session's amountDue (less for split tender). */
    amount: Type.Optional(AmountCents('Cents to apply to the order.', 1)),
    /** Cash only: what the customer handed over. */
    tenderedAmount: Type.Optional(AmountCents('Cash handed over, in cents.', 1)),
    card: Type.Optional(KeyedCardSchema),
  },
  { additionalProperties: false },
);
export type PayRequest = Static<typeof PayRequestSchema>;

/** The answer to a pay request: 201 with the final payment, or 202 with the pending one. */
export const PayResponseSchema = Type.Object({
  ...SuccessFields,
  payment: Type.Union([PaymentRecordSchema, Type.Null()]),
  pending: Type.Union([PendingPaymentSchema, Type.Null()]),
  session: PaymentSessionSchema,
});
export type PayResponse = Static<typeof PayResponseSchema>;

/** Live events of a session (`GET /v2.0/payments/sessions/<id>/events`) and of the `payments` topic. */
export interface SessionUpdate {
  session: PaymentSession;
  /** The payment whose change caused this update, if one did. */
  payment: PaymentRecord | null;
}

/** `payment.updated` on a dispensary's `payments` topic. */
export interface PaymentUpdate {
  payment: PaymentRecord;
  orderNumber: string | null;
}

/** `payment.option_selected` on the `payments` topic: what the customer picked on a pole display. */
export interface OptionSelected {
  sessionId: string;
  ticketAlphaNumId: string | null;
  option: string;
}
