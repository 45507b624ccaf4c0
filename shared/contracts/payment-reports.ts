import { Type, type Static } from 'typebox';
import { PAYMENT_METHODS, PaymentRecordSchema } from './payment.js';
import { SuccessFields } from './common.js';
import { ReasonField } from './audit.js';
import { ManagerApprovalSchema } from './cash.js';
import { AmountCents, Cents, Count, PositiveQuantity, Quantity, StockMilli } from '../numbers.js';

/** One refund given back of a listed payment: how much and when (ISO 8601 UTC). */
export const PaymentRefundEntrySchema = Type.Object({
  id: Type.String(),
  amount: Cents(),
  createdAt: Type.String(),
});
export type PaymentRefundEntry = Static<typeof PaymentRefundEntrySchema>;

/**
 * A payment as the listing shows it: the record, when it was made (`updatedAt` moves with a void
 * or a refund), what of it was refunded in all, and its approved refunds, oldest first.
 */
export const ListedPaymentSchema = Type.Object({
  ...PaymentRecordSchema.properties,
  createdAt: Type.String({ description: 'ISO 8601 UTC: when the payment was made.' }),
  refundedAmount: Cents('Cents given back by its approved refunds.'),
  refunds: Type.Array(PaymentRefundEntrySchema),
});
export type ListedPayment = Static<typeof ListedPaymentSchema>;

/** `GET /v2.0/payments?dispensaryShortName…`: payments newest first, page by page. */
export const PaymentPageSchema = Type.Object({
  ...SuccessFields,
  payments: Type.Array(ListedPaymentSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type PaymentPage = Static<typeof PaymentPageSchema>;

/** Approved money of one group of payments, in cents. */
export const PaymentTotalsSchema = Type.Object({
  count: Count(),
  /** Applied to orders. */
  amount: Cents(),
  tip: Cents(),
  /** Cashless ATM cash handed back. */
  cashback: Cents(),
  /** Taken from customers: amount + tip + cashback. */
  charged: Cents(),
  refunded: Cents(),
});
export type PaymentTotals = Static<typeof PaymentTotalsSchema>;

/** `GET /v2.0/payments/summary?dispensaryShortName&date`: one store day of approved payments. */
export const PaymentSummarySchema = Type.Object({
  ...SuccessFields,
  dispensaryShortName: Type.String(),
  /** The local date (YYYY-MM-DD) in the store's time zone. */
  date: Type.String(),
  timeZone: Type.String(),
  totals: PaymentTotalsSchema,
  byMethod: Type.Array(Type.Object({ method: Type.Enum(PAYMENT_METHODS), ...PaymentTotalsSchema.properties })),
  /** 24 entries, local hours 0–23. */
  byHour: Type.Array(
    Type.Object({ hour: Type.Integer({ minimum: 0, maximum: 23 }), ...PaymentTotalsSchema.properties }),
  ),
  /** Where it was read: the store's database, or its read replica (`--read-database`). */
  readFrom: Type.Optional(Type.Union([Type.Literal('primary'), Type.Literal('replica')])),
  /** The instant its data is complete to (ISO 8601): the replica's last replayed commit, else now. */
  asOf: Type.Optional(Type.String()),
  /** Why a read replica that is set was not used (down, too far behind), in words; else null. */
  fallback: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type PaymentSummary = Static<typeof PaymentSummarySchema>;

/** `POST /v2.0/payments/<id>/refund`: all that is left when `amount` is omitted. */
export const RefundRequestSchema = Type.Object(
  {
    amount: Type.Optional(
      AmountCents(
        'Cents to refund: a whole number of at least 1, such as 2219 for $22.19; all that is left when left out.',
        1,
      ),
    ),
    reason: ReasonField,
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            itemId: Type.String({ format: 'uuid', description: "The ticket line's `id`." }),
            quantity: PositiveQuantity('How much of the line comes back: units, or grams of a weighed line.'),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 200,
          description:
            'The lines that come back (README "Refunds"). `amount` then defaults to what they are worth (what the customer paid for them, tax included), capped by what the payment has left; an `amount` sent must not be more than they are worth.',
        },
      ),
    ),
    restock: Type.Optional(
      Type.Boolean({
        description:
          'With `lines`: put what comes back into the packages it was sold from. Left out or false: it is not sold again (destroyed or quarantined, as the state requires).',
      }),
    ),
    rest: Type.Optional(
      Type.Array(
        Type.Object(
          {
            paymentId: Type.String({ minLength: 1, maxLength: 64, description: 'Another payment of the same order.' }),
            amount: AmountCents('Cents this payment gives back of what the lines are worth.', 1),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 10,
          description:
            'With `lines` worth more than this payment has left (README "Refunds by items"): the other payments of the order that give back the rest, each its amount; with this payment\'s `amount` they add up to what the lines are worth, and each payment gets its own refund, all made together. At most one of them all is not cash.',
        },
      ),
    ),
    approval: Type.Optional(
      Type.Object(ManagerApprovalSchema.properties, {
        additionalProperties: false,
        description:
          'A cashier at a register (README "Returns at the counter") refunds by items with a manager\'s approval: their username and PIN. Not needed of a manager or admin (`payment:refund`).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RefundRequest = Static<typeof RefundRequestSchema>;

/** One line a refund gave back: how much and what that was worth (tax included, `taxCents` of it). */
export const RefundLineSchema = Type.Object({
  itemId: Type.String(),
  quantity: Quantity(),
  amount: Cents('What the customer paid for this much of the line, tax included.'),
  tax: Cents('The tax within `amount`.'),
  restocked: Type.Boolean(),
});
export type RefundLine = Static<typeof RefundLineSchema>;

/** One refund as the processor answered it. */
export const RefundSchema = Type.Object({
  id: Type.String(),
  paymentId: Type.String(),
  amount: Cents(),
  status: Type.Union([Type.Literal('approved'), Type.Literal('declined'), Type.Literal('error')]),
  createdAt: Type.String(),
  /** The lines it gave back; empty for a refund of an amount only. */
  lines: Type.Optional(Type.Array(RefundLineSchema)),
});

/** The answer to void and refund: the payment after it, and the refund made. */
export const ReversalResponseSchema = Type.Object({
  ...SuccessFields,
  payment: PaymentRecordSchema,
  refund: Type.Union([RefundSchema, Type.Null()]),
  /** A return split over several payments (`rest`): the other payments after it, with their refunds. */
  rest: Type.Optional(Type.Array(Type.Object({ payment: PaymentRecordSchema, refund: RefundSchema }))),
});
export type ReversalResponse = Static<typeof ReversalResponseSchema>;

/** One line of a sale as a refund reads it (`GET /v2.0/ticket/<orderId>/refundable`), in cents and thousandths. */
export const RefundableLineSchema = Type.Object({
  itemId: Type.String(),
  name: Type.String(),
  brand: Type.String(),
  weighed: Type.Boolean(),
  quantityMilli: StockMilli(),
  refundedQuantityMilli: StockMilli(),
  lineSubTotalCents: Cents(),
  lineDiscountCents: Cents('Negative or 0, as stored.'),
  lineTaxCents: Cents(),
  /** What refunds by amount gave back of the part of it not given back yet (its share), and the tax within. */
  byAmountCents: Cents(),
  byAmountTaxCents: Cents(),
});

/** A payment of the order and what of it may still be refunded. */
export const RefundablePaymentSchema = Type.Object({
  paymentId: Type.String(),
  method: Type.Enum(PAYMENT_METHODS),
  refundableCents: Cents(),
});

/**
 * `GET /v2.0/ticket/<orderId>/refundable` (`payment:refund`): what of a sale may come back, for the
 * back office's refund by items; `shared/refunds/line-refund.ts` prices a choice from it.
 */
export const RefundableOrderSchema = Type.Object({
  ...SuccessFields,
  orderId: Type.String(),
  orderNumber: Type.String(),
  tierDiscountCents: Cents('Negative or 0.'),
  payByPointsCents: Cents('Negative or 0.'),
  lines: Type.Array(RefundableLineSchema),
  payments: Type.Array(RefundablePaymentSchema),
});
export type RefundableOrder = Static<typeof RefundableOrderSchema>;
