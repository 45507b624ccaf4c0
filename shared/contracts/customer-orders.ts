import { Type, type Static } from 'typebox';
import { ORDER_SOURCES, ORDER_STATUSES } from '../order-status.js';
import { SuccessFields } from './common.js';
import { Cents, Count } from '../numbers.js';

/**
 * A customer's orders at the store (README "Customers", the back office): how many, their last
 * visit, and their orders newest first, each linking to the order in the back office's Orders.
 */

/** `GET …/customers/:id/orders`. */
export const CustomerOrdersQuerySchema = Type.Object(
  {
    before: Type.Optional(
      Type.String({ maxLength: 200, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
  },
  { additionalProperties: false },
);
export type CustomerOrdersQuery = Static<typeof CustomerOrdersQuerySchema>;

/** One order naming the customer. */
export const CustomerOrderSchema = Type.Object({
  orderId: Type.String(),
  orderNumber: Type.String(),
  status: Type.Enum(ORDER_STATUSES),
  /** Placed online, or rung up at a register (a sale at the counter: "Sold" once handed over). */
  source: Type.Enum(ORDER_SOURCES),
  /** In cents. */
  total: Cents(),
  paid: Cents(
    'Cents its approved payments paid toward it (tips and cash back aside), refunds not taken off: what counts ' +
      "toward its balance, as the tickets list's `paid`.",
  ),
  refunded: Cents("Cents its payments' refunds gave back."),
  createdAt: Type.String({ format: 'date-time' }),
});
export type CustomerOrder = Static<typeof CustomerOrderSchema>;

export const CustomerOrdersResponseSchema = Type.Object({
  ...SuccessFields,
  /** Every order naming the customer at this store, canceled ones included. */
  count: Count(),
  /**
   * Their last visit: when their newest sale was handed over (an ISO instant; its last move to
   * COMPLETED), or null when none was. Canceled orders and orders not paid or not picked up are no visit.
   */
  lastVisit: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  orders: Type.Array(CustomerOrderSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type CustomerOrders = Static<typeof CustomerOrdersResponseSchema>;
