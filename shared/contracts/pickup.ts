import { Type, type Static } from 'typebox';
import { FULFILLMENT_STATUSES, ORDER_PAYMENT_STATUSES, ORDER_SOURCES, ORDER_STATUSES } from '../order-status.js';
import { DecimalAmount, SuccessFields } from './common.js';
import { Count, Quantity } from '../numbers.js';
import { UnavailableItemSchema } from './ticket.js';

/** One line of a queued order, with the package to take off the shelf for it. */
export const QueueLineSchema = Type.Object({
  lineIndex: Count(),
  productId: Type.String({ format: 'uuid' }),
  brand: Type.String(),
  name: Type.String(),
  quantity: Quantity('Units, or the weight in unitType for a weighed (deli) line.'),
  unitType: Type.String(),
  deli: Type.Boolean({ description: 'Weighed: the picker weighs it.' }),
  packageId: Type.String(),
  packageLabel: Type.String({ description: 'The label on the package to take.' }),
  originalQuantity: Type.Optional(
    Quantity(
      'What the customer ordered: more than quantity when the shelf held less. Absent from an older store server.',
    ),
  ),
});

/** What an order could not fill of what the customer asked, with the product's name as the counter says it. */
export const QueueShortItemSchema = Type.Object({
  ...UnavailableItemSchema.properties,
  name: Type.String(),
  unitType: Type.String(),
  deli: Type.Boolean(),
});

/** An online order waiting to be picked, being picked, or packed and waiting for its customer. */
export const QueueOrderSchema = Type.Object({
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  status: Type.Enum(ORDER_STATUSES),
  fulfillmentStatus: Type.Enum(FULFILLMENT_STATUSES),
  paymentStatus: Type.Enum(ORDER_PAYMENT_STATUSES),
  customerName: Type.Union([Type.String(), Type.Null()], {
    description: 'The first name and last initial of the customer the order names ("Ada L."), or null.',
  }),
  lines: Type.Array(QueueLineSchema),
  /** What the order holds less of than was asked (the shelf held less, or none); absent from an older store server. */
  unavailableItems: Type.Optional(Type.Array(QueueShortItemSchema)),
  totalItems: Count(),
  total: DecimalAmount,
  /** What its approved payments hold already: "0.00" unless it is paid, or paid in part. */
  paid: DecimalAmount,
  placedAt: Type.String({ format: 'date-time' }),
  promisedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** When it reached its stage (its last change). */
  updatedAt: Type.String({ format: 'date-time' }),
  picker: Type.Union([Type.String(), Type.Null()], { description: 'Who started picking it.' }),
  overdue: Type.Boolean({ description: 'Not packed yet and past the time it was promised ready.' }),
});

/** `GET …/ecommerce/pickup-queue`: the store's open online orders, soonest promised first. */
export const PickupQueueSchema = Type.Object({
  ...SuccessFields,
  asOf: Type.String({ format: 'date-time', description: 'The service time the list was read at.' }),
  orders: Type.Array(QueueOrderSchema),
  truncated: Type.Boolean({ description: 'More open orders than the list holds (the soonest promised are listed).' }),
  current: Type.Boolean({
    description:
      "True: the store's open online orders as of `asOf`. False on a register attached to a store server that " +
      'does not answer: the last list it read there, at `asOf`; its orders are not moved until the server answers.',
  }),
  atServer: Type.Boolean({
    description:
      "True on a register attached to a store server, whose online orders are the server's: one is handed over " +
      'here once the server lends it to this register (POST …/ticket/<orderId>/lend), and its lines are changed ' +
      "at the server's own POS. False where the orders are the node's own.",
  }),
});

/**
 * `GET …/ecommerce/ticket/<orderId>/hand-over-check`: whether the order may be handed over to its
 * customer now, once paid (the state's rules with the customer's purchases so far, and its stage),
 * asked before its payment is taken at the counter. The move to COMPLETED checks the same again.
 */
export const HandOverCheckSchema = Type.Object({
  ...SuccessFields,
  orderId: Type.String({ format: 'uuid' }),
  allowed: Type.Boolean(),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why not, in words (null when allowed).' }),
});

/**
 * `GET …/ecommerce/order-lookup/<orderNumber>`: an order of the store found by its exact number,
 * open or not, so the counter can say why one is not in the queue (picked up, canceled, or a sale
 * rung up at a register). 404 when the store has no order of that number.
 */
export const OrderLookupSchema = Type.Object({
  ...SuccessFields,
  orderId: Type.String({ format: 'uuid' }),
  orderNumber: Type.String(),
  source: Type.Enum(ORDER_SOURCES),
  status: Type.Enum(ORDER_STATUSES),
  fulfillmentStatus: Type.Enum(FULFILLMENT_STATUSES),
  customerName: Type.Union([Type.String(), Type.Null()], {
    description: 'The first name and last initial of the customer the order names ("Ada L."), or null.',
  }),
  closedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When it was handed over (COMPLETED) or canceled: its last move there; null while it is open.',
  }),
});

export type QueueLine = Static<typeof QueueLineSchema>;
export type QueueShortItem = Static<typeof QueueShortItemSchema>;
export type QueueOrder = Static<typeof QueueOrderSchema>;
export type PickupQueue = Static<typeof PickupQueueSchema>;
export type HandOverCheck = Static<typeof HandOverCheckSchema>;
export type OrderLookup = Static<typeof OrderLookupSchema>;
