import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { PAYMENT_METHODS } from './payment.js';
import { Cents, Count } from '../numbers.js';
import { ORDER_SOURCES, ORDER_STATUSES } from '../order-status.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** One step of an order's life: a status reached, a payment taken, voided or refunded. */
export const OrderHistoryStepSchema = Type.Object({
  at: Type.String({ description: 'ISO 8601 UTC.' }),
  kind: Type.Union([Type.Literal('status'), Type.Literal('payment'), Type.Literal('void'), Type.Literal('refund')]),
  /** A status step's move; null `from` for the order's first status. */
  from: Nullable(Type.Enum(ORDER_STATUSES)),
  to: Nullable(Type.Enum(ORDER_STATUSES)),
  /** A payment step's method and amount (the refund's amount for a refund). */
  method: Nullable(Type.Enum(PAYMENT_METHODS)),
  amount: Nullable(Cents()),
  /** The reason given (a void, a refund, the cancel of a step to CANCELED), or empty. */
  reason: Type.String(),
  /**
   * What the step did, in the service's words, apart from the reason a person gave: a refund by
   * items' lines ("Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock"), or empty.
   */
  details: Type.String(),
  /** Who did it, as people read it: a staff member's display name, "ServicePay", a partner's name; empty when not known. */
  by: Type.String(),
  /**
   * A void's, a refund's or a cancel's move of the customer's loyalty points (points earned taken
   * back, spent given back, and `expired`: of those taken back, the ones that had expired already,
   * which the ledger wrote back beside them, not taken again; left out when none); left out: none moved.
   */
  points: Type.Optional(Type.Object({ takenBack: Count(), givenBack: Count(), expired: Type.Optional(Count()) })),
});
export type OrderHistoryStep = Static<typeof OrderHistoryStepSchema>;

/** A promo code typed on an order, and what it took off the order as its lines keep it. */
export const OrderCodeSchema = Type.Object({
  /** The code as kept, upper case. */
  code: Type.String(),
  /**
   * `applied`: a deal with this code took something off the order's lines; `not_applied`: none did;
   * `unknown`: no deal can be said to be its now (a deal of the order archived or changed since may be).
   */
  outcome: Type.Union([Type.Literal('applied'), Type.Literal('not_applied'), Type.Literal('unknown')]),
  /** What its deals took off the order (0 unless applied). */
  amount: Cents(),
  /** Its deals by the names the order's lines keep (applied), or the deals of the order it may be (unknown). */
  deals: Type.Array(Type.String()),
});
export type OrderCode = Static<typeof OrderCodeSchema>;

/** `GET …/ticket/<id>/history`: the back office's read of an order's life and its customer's name. */
export const OrderHistorySchema = Type.Object({
  ...SuccessFields,
  orderId: Type.String(),
  source: Type.Enum(ORDER_SOURCES),
  /** The customer's first and last name; null for an order made for no customer. */
  customerName: Nullable(Type.String()),
  steps: Type.Array(OrderHistoryStepSchema),
  /**
   * What the order moved of its customer's loyalty points (shared/loyalty/order-moves.ts), refunds'
   * moves apart: earned less taken back, spent less given back are its receipt's; null: none moved.
   */
  points: Type.Optional(
    Nullable(
      Type.Object({
        earned: Count(),
        takenBack: Count(),
        spent: Count(),
        givenBack: Count(),
      }),
    ),
  ),
  /** Each promo code typed on the order, in the order typed, with what it took off (empty: none typed). */
  codes: Type.Optional(Type.Array(OrderCodeSchema)),
});
export type OrderHistory = Static<typeof OrderHistorySchema>;
