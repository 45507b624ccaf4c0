import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { SAFE_MAX } from '../numbers.js';

/** Points held or moved (a balance, an entry): whole, and signed for entries that take points off. */
const Points = (description: string) => Type.Integer({ minimum: -SAFE_MAX, maximum: SAFE_MAX, description });

/** The most points a programme gives per dollar, and the most a reward dollar may cost. */
export const POINTS_PER_DOLLAR_MAX = 100;
export const POINTS_PER_REWARD_DOLLAR_MAX = 10_000;
/** The most tiers a programme has, and the most a tier adds to what a sale earns (percent). */
export const TIERS_MAX = 10;
export const TIER_BONUS_MAX = 500;
/** The longest a programme keeps points without a visit, in months (10 years). */
export const EXPIRY_MONTHS_MAX = 120;
/** The most points a tier may ask, and the most reward dollars a sale may spend offline (cents). */
export const TIER_POINTS_MAX = 100_000_000;
export const OFFLINE_SPEND_MAX_CENTS = 1_000_000;

/** A tier: reached by the points a customer has earned in all (less those taken back by refunds). */
export const LoyaltyTierSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 40, description: 'As the POS shows it: "Gold"' }),
    minPoints: Type.Integer({ minimum: 0, maximum: TIER_POINTS_MAX, description: 'Points earned in all to reach it' }),
    bonusPercent: Type.Integer({
      minimum: 0,
      maximum: TIER_BONUS_MAX,
      description: 'What the tier adds to the points a sale earns: 25 earns 1.25 times as many',
    }),
  },
  { additionalProperties: false },
);
export type LoyaltyTier = Static<typeof LoyaltyTierSchema>;

/**
 * A store's loyalty programme (README "Loyalty"): customers named on a sale earn points for what they
 * pay, and spend them as reward dollars (`rewardDollars` of a ticket), which then draw on their balance.
 */
export const LoyaltyProgrammeSchema = Type.Object(
  {
    enabled: Type.Boolean({
      description:
        "Off: no points are earned, and reward dollars are taken as typed (at a register, under the manual discounts' PIN policy)",
    }),
    pointsPerDollar: Type.Integer({
      minimum: 0,
      maximum: POINTS_PER_DOLLAR_MAX,
      description: 'Points earned per whole dollar paid for lines that earn (after discounts, before tax)',
    }),
    pointsPerRewardDollar: Type.Integer({
      minimum: 1,
      maximum: POINTS_PER_REWARD_DOLLAR_MAX,
      description: 'Points one reward dollar costs: 100 makes a point worth 1 cent',
    }),
    excludedTypes: Type.Array(Type.String({ maxLength: 40 }), {
      maxItems: 20,
      description: 'Product categories that earn no points, as people write them ("accessories", "EDIBLE")',
    }),
    tiers: Type.Array(LoyaltyTierSchema, { maxItems: TIERS_MAX }),
    offlineSpendCents: Type.Integer({
      minimum: 0,
      maximum: OFFLINE_SPEND_MAX_CENTS,
      description:
        'The most reward dollars (cents) one sale may spend at an attached register while its store server does ' +
        'not answer: it cannot see points spent elsewhere meanwhile. 0 spends none offline.',
    }),
    expiryMonths: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: EXPIRY_MONTHS_MAX,
        description:
          "A customer's points expire this many months after their last visit (the store's date of the last " +
          'sale that earned or spent points, or refund, return or cancel that gave points back). 0 or absent: ' +
          'points never expire.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LoyaltyProgramme = Static<typeof LoyaltyProgrammeSchema>;

/** A store's programme before its manager sets one up: off, 1 point a dollar, 100 points a reward dollar. */
export const DEFAULT_LOYALTY: LoyaltyProgramme = {
  enabled: false,
  pointsPerDollar: 1,
  pointsPerRewardDollar: 100,
  excludedTypes: [],
  tiers: [],
  offlineSpendCents: 2_000,
};

/** `PUT …/setup/store` `loyalty`: any of these; what is left out stays as it is. */
export const LoyaltyProgrammeUpdateSchema = Type.Partial(LoyaltyProgrammeSchema, { additionalProperties: false });
export type LoyaltyProgrammeUpdate = Static<typeof LoyaltyProgrammeUpdateSchema>;

/**
 * What moved a customer's points: `earned` by a sale paid, `reversed` (earned points taken back by a
 * refund or a void), `spent` as reward dollars, `returned` (spent points given back when the order is
 * canceled, refunded or its reward lowered), `adjusted` by a manager, with a reason, `expired` (the
 * whole balance, by the service, once the programme's `expiryMonths` passed without a visit; above 0
 * beside a refund's `reversed` entry: points of the refunded sale that had expired already).
 */
export const LOYALTY_ENTRY_KINDS = ['earned', 'reversed', 'spent', 'returned', 'adjusted', 'expired'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

export const LoyaltyEntrySchema = Type.Object({
  id: Type.String(),
  at: Type.String({ description: 'ISO 8601 instant' }),
  kind: Type.Enum(LOYALTY_ENTRY_KINDS),
  points: Points('Signed: what the entry added to the balance'),
  orderId: Type.Union([Type.String(), Type.Null()]),
  orderNumber: Type.Union([Type.String(), Type.Null()]),
  note: Type.String({ description: 'In words: "Order 7KQ2M9 paid", or the reason a manager gave' }),
  by: Type.String({
    description: 'Who: the staff login (username), `system` for an expiry, `operator` for the command line',
  }),
  byName: Type.Union([Type.String(), Type.Null()], {
    description: "The staff user's display name; null when `by` is no user of the organization (now)",
  }),
});
export type LoyaltyEntry = Static<typeof LoyaltyEntrySchema>;

/** A customer's points at a store, and the entries that moved them (newest first). */
export const CustomerLoyaltySchema = Type.Object({
  enabled: Type.Boolean({ description: "Whether the store's programme is on" }),
  points: Points('The balance'),
  rewardCents: Points('What the balance is worth in reward dollars, in cents'),
  offlineSpendCents: Points(
    "The most reward dollars (cents) a sale spends at an attached register that cannot reach its store server (the programme's cap)",
  ),
  lifetimePoints: Points('Earned in all, less what refunds took back: reaches tiers'),
  tier: Type.Union([LoyaltyTierSchema, Type.Null()]),
  nextTier: Type.Union([Type.Object({ name: Type.String(), pointsToGo: Points('Points still to earn') }), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()], {
    description:
      "The store's date (YYYY-MM-DD) the balance expires on unless the customer visits first; null when it never " +
      'does (no expiry, or no points)',
  }),
  entries: Type.Array(LoyaltyEntrySchema),
  /** True when older entries than those listed exist (`nextCursor` reads them). */
  more: Type.Boolean(),
  nextCursor: Type.Union([Type.String(), Type.Null()], {
    description:
      "Older entries: send it back as `before` for the next page of this customer's ledger (null: none older)",
  }),
});
export type CustomerLoyalty = Static<typeof CustomerLoyaltySchema>;
export const CustomerLoyaltyResponseSchema = Type.Object({ ...SuccessFields, loyalty: CustomerLoyaltySchema });

export const LoyaltyEntriesQuerySchema = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    before: Type.Optional(
      Type.String({
        maxLength: 200,
        description:
          "nextCursor of the previous page of this customer's ledger (an entry's id, as sent before cursors, is read when it is one of this ledger's entries)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type LoyaltyEntriesQuery = Static<typeof LoyaltyEntriesQuerySchema>;

/** The most points one adjustment by hand adds or takes off, and the longest reason it gives. */
export const ADJUSTMENT_POINTS_MAX = 1_000_000;
export const ADJUSTMENT_REASON_MAX = 200;

/** `POST …/customers/<id>/loyalty/adjustments`: a manager adds or takes off points, with a reason. */
export const LoyaltyAdjustmentSchema = Type.Object(
  {
    points: Type.Integer({
      minimum: -ADJUSTMENT_POINTS_MAX,
      maximum: ADJUSTMENT_POINTS_MAX,
      description: 'Signed, not zero',
    }),
    reason: Type.String({
      maxLength: ADJUSTMENT_REASON_MAX,
      description: 'Why, in words: kept in the ledger and the audit trail',
    }),
  },
  { additionalProperties: false },
);
export type LoyaltyAdjustment = Static<typeof LoyaltyAdjustmentSchema>;
