import { Type, type Static } from 'typebox';
import { ORDER_PAYMENT_STATUSES } from '../order-status.js';
import { DecimalAmount, SuccessFields } from './common.js';
import { PICKUP_HOLD_HOURS_MAX, PICKUP_HOLD_HOURS_MIN } from './setup.js';

/**
 * Orders packed and ready that their customer has not picked up (README "Unclaimed orders"): what
 * the back office lists under Orders → Ready over a day.
 */

/** How long an order has been ready before the back office lists it: a day. */
export const READY_OVER_A_DAY_HOURS = 24;

/** One order ready for pickup for over a day. */
export const ReadyOrderSchema = Type.Object({
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  customerName: Type.Union([Type.String(), Type.Null()], {
    description: "The store's customer the order names, as the store's records name them; null when it names none",
  }),
  total: DecimalAmount,
  readySince: Type.String({ format: 'date-time', description: 'When the order was last packed and ready (ISO 8601)' }),
  holdEndsAt: Type.String({
    format: 'date-time',
    description: "When the store's hold ends: an unpaid order still ready then is canceled (ISO 8601)",
  }),
  paymentStatus: Type.Enum(ORDER_PAYMENT_STATUSES, {
    description: 'UNPAID, AUTHORIZED (an ACH authorization, voided if the order is canceled) or PAID',
  }),
  pastHold: Type.Boolean({
    description: 'The hold has ended: only a paid order is still here then, kept for a manager to refund or hand over',
  }),
});
export type ReadyOrder = Static<typeof ReadyOrderSchema>;

/** `GET …/ecommerce/pickup/ready-over-a-day`: the store's hold and its orders ready over a day, longest first. */
export const ReadyOverADayResponse = Type.Object({
  ...SuccessFields,
  holdHours: Type.Integer({ minimum: PICKUP_HOLD_HOURS_MIN, maximum: PICKUP_HOLD_HOURS_MAX }),
  orders: Type.Array(ReadyOrderSchema),
});
export type ReadyOverADay = Static<typeof ReadyOverADayResponse>;
