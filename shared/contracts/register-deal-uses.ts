import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Count } from '../numbers.js';

/**
 * Uses of deals with limits at an attached register's store server (README "Deals", "Attaching
 * registers"): while it answers, the server counts every deal's uses for the whole store — its own
 * orders, those the registers forwarded, and the uses other registers hold for sales they are
 * writing — so a register prices with the uses the store has left, not only its own.
 */

const DealId = Type.String({ minLength: 1, maxLength: 64 });

/**
 * What a register's sale asks of the deals with limits, with its hold (`POST /v2.0/register/holds`
 * `deals`) or for a quote (`POST /v2.0/register/deal-uses`): the store's deals with a limit
 * (`dealIds`), the sale's customer (the register's id for them; none: null), and with a hold the
 * deals the sale is about to use (`using`), a use of each held while it has one left.
 */
export const DealUsesAskedSchema = Type.Object(
  {
    customerId: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()]),
    dealIds: Type.Array(DealId, { maxItems: 500 }),
    using: Type.Optional(Type.Array(DealId, { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type DealUsesAsked = Static<typeof DealUsesAskedSchema>;

/** A deal's uses left at the server for the sale (before its own use): its total and the customer's, the fewer. */
export const DealUsesLeftSchema = Type.Object({
  dealId: Type.String(),
  usesLeft: Count('Uses left of the deal for this sale, at the store server'),
});
export type DealUsesLeft = Static<typeof DealUsesLeftSchema>;

export const DealUsesResponse = Type.Object({
  ...SuccessFields,
  deals: Type.Array(DealUsesLeftSchema),
});
export type DealUsesAnswer = Static<typeof DealUsesResponse>;
