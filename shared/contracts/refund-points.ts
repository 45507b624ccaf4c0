import { Type, type Static } from 'typebox';
import { AmountCents, Cents, Count, Milli } from '../numbers.js';
import { SuccessFields } from './common.js';

/**
 * A sale's points as its refunds weigh them (shared/loyalty/refund-points.ts): what the service
 * counts a refund's points from, so a refund's dialog says before it is made what it will move.
 */
export const SalePointsSchema = Type.Object({
  earned: Type.Union([Count(), Type.Null()], {
    description: 'Points it earned when paid in full; null while not paid',
  }),
  spent: Count('Points its reward dollars cost'),
  chargedCents: AmountCents("Cents its current sale's payments charged (a cashless ATM's cash back left out)"),
  refundedCents: AmountCents('Cents refunded of them'),
  refunds: Type.Array(
    Type.Object({ amountCents: AmountCents(), byItems: Type.Boolean({ description: 'It named lines' }) }),
    { description: 'Its approved refunds, oldest first' },
  ),
  lines: Type.Array(
    Type.Object({
      itemId: Type.String(),
      type: Type.String({ description: 'Its category, as the programme excludes categories' }),
      amountCents: Cents('What it cost after discounts, before tax'),
      quantityMilli: Milli(),
      returnedMilli: Milli('Thousandths of it refunds by items gave back'),
    }),
  ),
  excludedTypes: Type.Array(Type.String(), { description: "The programme's categories that earn nothing" }),
});
export type SalePoints = Static<typeof SalePointsSchema>;

/**
 * `GET /v2.0/ticket/<orderId>/refund-points`: the sale's points as a refund weighs them, the first
 * name of the customer whose points they are, and those of the customer's points that expired since
 * the sale earned (a refund takes none of them back twice); null, null and 0 when a refund moves
 * none (no customer, no programme, nothing earned or spent).
 */
export const RefundPointsSchema = Type.Object({
  ...SuccessFields,
  customer: Type.Union([Type.String(), Type.Null()], { description: "The customer's first name" }),
  sale: Type.Union([SalePointsSchema, Type.Null()]),
  expired: Count(
    "Points of the customer's balance expired since the sale earned that no refund made up for yet: of the earned points a refund takes back, up to this many had expired already and are not taken again",
  ),
});
export type RefundPoints = Static<typeof RefundPointsSchema>;
