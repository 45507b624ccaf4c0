import { Type, type Static } from 'typebox';
import { DecimalAmount } from './common.js';

/**
 * A discount a cashier gives by hand (README "Manual discounts"): off one product's line or off the
 * whole sale, a percent or an amount, always with a reason. Priced after the store's deals, on what
 * they left. Where the store's policy says (`manualDiscountPinAbove`), a cashier's needs a manager's
 * PIN (`approval` of the ticket); a manager's is approved by themselves.
 */
export const ManualDiscountSchema = Type.Object(
  {
    productId: Type.Optional(
      Type.String({ format: 'uuid', description: 'The product whose line it is off; absent: off the whole sale.' }),
    ),
    percent: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, description: 'Percent off (give this or amount, not both).' }),
    ),
    amount: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, maximum: 100_000, description: 'Dollars off (at most 2 decimals).' }),
    ),
    reason: Type.String({ minLength: 1, maxLength: 120, description: 'Why, as the cashier said it: "damaged box".' }),
  },
  { additionalProperties: false },
);
export type ManualDiscount = Static<typeof ManualDiscountSchema>;

/** A manual discount as a ticket answers it: as given, what it took off, and who approved it. */
export const ManualDiscountViewSchema = Type.Object({
  productId: Type.Union([Type.String(), Type.Null()]),
  percent: Type.Union([Type.Integer({ minimum: 1, maximum: 100 }), Type.Null()]),
  amount: Type.Union([DecimalAmount, Type.Null()]),
  reason: Type.String(),
  /** What it took off the sale, after deals (never past a line's floor or below zero). */
  discount: DecimalAmount,
  /** The manager who approved it, by name; null when the store's policy asked for no approval. */
  approvedBy: Type.Union([Type.String(), Type.Null()]),
});
export type ManualDiscountView = Static<typeof ManualDiscountViewSchema>;

/** The `dealId` of a line's discount given by hand, among the deals' (`discounts` of a ticket's line). */
export { MANUAL_DEAL_ID } from '../deals/line-discounts.js';

/** The name a line's discount given by hand goes by, on the ticket, the cart, the receipt and the reports. */
export const MANUAL_DISCOUNT_NAME = 'Manual discount';
