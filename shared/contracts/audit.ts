import { Type, type Static } from 'typebox';
import { ROLES } from '../permissions.js';
import { SuccessFields } from './common.js';
import { Cents } from '../numbers.js';

/**
 * The audit trail (README "Audit trail"): what a manager checks at the end of a day. Each event is
 * written in the same transaction as the action it records.
 */
export const AUDIT_ACTIONS = [
  'payment_voided',
  'payment_refunded',
  'order_canceled',
  'order_edited',
  'reward_dollars',
  'manual_discount',
  'sign_in_failed',
  'unlock_failed',
  'manager_unlock',
  'drawer_opened',
  'drawer_paid_in',
  'drawer_paid_out',
  'drawer_safe_drop',
  'drawer_no_sale',
  'drawer_closed',
  'drawer_counted',
  'customer_added',
  'customer_changed',
  'register_enrolled',
  'register_revoked',
  'product_added',
  'product_changed',
  'product_archived',
  'product_unarchived',
  'product_copied',
  'catalog_imported',
  'stock_adjusted',
  'room_added',
  'room_changed',
  'package_moved',
  'package_changed',
  'delivery_received',
  'deal_added',
  'deal_changed',
  'deal_archived',
  'loyalty_adjusted',
  'loyalty_changed',
  'state_profile_changed',
  'approval_policy_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: a staff user, a partner, the service itself, or a username nobody has. */
export const AUDIT_ACTOR_KINDS = ['staff', 'partner', 'system', 'unknown'] as const;

/** The name a `system` actor has when the operator at the `servicepay` command did it (not the service on its own). */
export const COMMAND_LINE_ACTOR = 'Command line';
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * An optional sentence saying why (void, refund, cancel): kept in the audit trail. Sent, it says
 * something: empty or spaces only is refused ("reason must not be blank"), as the staff screens refuse it.
 */
export const ReasonField = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: '\\S',
    description: 'Why, in a sentence; kept in the audit trail. Leave it out rather than send it blank.',
  }),
);

/** `{reason?}`: the body of a void or a cancel. */
export const ReasonRequestSchema = Type.Object({ reason: ReasonField }, { additionalProperties: false });
export type ReasonRequest = Static<typeof ReasonRequestSchema>;

/** One event of the trail. */
export const AuditEventSchema = Type.Object({
  id: Type.String(),
  /** ISO 8601 UTC; screens show it in the store's time. */
  at: Type.String(),
  action: Type.Enum(AUDIT_ACTIONS),
  actor: Type.Object({
    kind: Type.Enum(AUDIT_ACTOR_KINDS),
    /** Username or partner name ('' for a username nobody has). */
    name: Type.String(),
    /** The staff user's display name, when known. */
    displayName: Type.Union([Type.String(), Type.Null()]),
    role: Type.Union([Type.Enum(ROLES), Type.Null()]),
  }),
  /** The register (terminal id), where known. */
  terminalId: Type.Union([Type.String(), Type.Null()]),
  orderId: Type.Union([Type.String(), Type.Null()]),
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  paymentId: Type.Union([Type.String(), Type.Null()]),
  /** Cents, for money events. */
  amount: Type.Union([Cents(), Type.Null()]),
  /** Why: the sentence given, or the service's own ("Wrong password"); '' when none was given. */
  reason: Type.String(),
  /**
   * What the action did, in the service's words, apart from the reason a person gave: a refund by
   * items' lines ("Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock"); '' for none.
   */
  details: Type.String(),
});
export type AuditEvent = Static<typeof AuditEventSchema>;

/** `GET /v2.0/audit?dispensaryShortName&date`: one store day of the trail, oldest first. */
export const AuditDaySchema = Type.Object({
  ...SuccessFields,
  dispensaryShortName: Type.String(),
  /** The store's local date (YYYY-MM-DD). */
  date: Type.String(),
  timeZone: Type.String(),
  events: Type.Array(AuditEventSchema),
  /** What the store's deals took off the sales paid that day, by deal, biggest first (README "Deals"). */
  dealDiscounts: Type.Array(Type.Object({ name: Type.String(), amount: Cents() })),
});
export type AuditDay = Static<typeof AuditDaySchema>;
