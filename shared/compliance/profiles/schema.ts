import { Type, type Static } from 'typebox';
import { LimitAmount } from '../../numbers.js';

/**
 * A state profile: a state's cannabis retail rules as data (ages, purchase limits and how products
 * count toward them, the receipt's warning, tax layer names), so another state is configuration,
 * not code. Amounts are integers: weights in milligrams, THC in milligrams, plants as counts. The
 * profiles are JSON files the service loads at start (electron/server/core/state-profiles/);
 * `loadStateProfile` (load.ts) checks one against this schema and its cross-references.
 */

/** The kinds of customer a profile sets rules for. */
export const CUSTOMER_TYPES = ['adult_use', 'medical'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** Words for a customer type: "adult-use", "medical". */
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = { adult_use: 'adult-use', medical: 'medical' };

/**
 * What a product is, for the limits: the catalog's product types (shared/catalog/product-types.ts,
 * mapped here by `complianceCategory` in shared/catalog/limit-measures.ts). Every profile says how
 * each one counts, so a new category cannot be sold uncounted by omission.
 */
export const COMPLIANCE_CATEGORIES = [
  'FLOWER',
  'PREROLL',
  'VAPE',
  'CONCENTRATE',
  'EDIBLE',
  'BEVERAGE',
  'TINCTURE',
  'CAPSULE',
  'TOPICAL',
  'IMMATURE_PLANT',
  'ACCESSORY',
] as const;
export type ComplianceCategory = (typeof COMPLIANCE_CATEGORIES)[number];

/** What a limit group adds up: milligrams of cannabis weight, milligrams of THC, or a count. */
export const GROUP_UNITS = ['weight_mg', 'thc_mg', 'count'] as const;
export type GroupUnit = (typeof GROUP_UNITS)[number];

/** Which measure of a line counts: its cannabis weight, its THC, or its units. */
export const COUNT_MEASURES = ['weight', 'thc', 'units'] as const;
export type CountMeasure = (typeof COUNT_MEASURES)[number];

const Words = (description: string) => Type.String({ minLength: 1, maxLength: 2000, description });
const Amount = (description: string) => LimitAmount(description);

/** An equivalency group: what adds up toward one limit ("8 g of concentrate a day"). */
export const LimitGroupSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 40 }),
    name: Words('What people call it in a sentence: "non-concentrated cannabis"'),
    unit: Type.Enum(GROUP_UNITS),
    limit: Amount('The most a customer may buy in the period, in the unit'),
    younger: Type.Optional(
      Type.Object(
        {
          underAge: Type.Integer({ minimum: 19, maximum: 99 }),
          limit: Amount('The limit for customers younger than underAge'),
        },
        { additionalProperties: false, description: 'A lower limit for younger customers (Colorado medical)' },
      ),
    ),
    recommendationMaximum: Type.Optional(
      Amount(
        'Medical, where a recommendation may change the limits: the most its own amount may be, in the unit; ' +
          "above the group's limit only a manager may set it",
      ),
    ),
  },
  { additionalProperties: false },
);
export type LimitGroup = Static<typeof LimitGroupSchema>;

/**
 * How a category counts toward a group: a line's measure, converted by times / per (8 g of Colorado
 * concentrate counts as 28 g of flower: times 7, per 2). Without times and per, the measure must be
 * in the group's unit.
 */
export const CountRuleSchema = Type.Object(
  {
    group: Type.String({ maxLength: 40 }),
    by: Type.Enum(COUNT_MEASURES),
    times: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    per: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);
export type CountRule = Static<typeof CountRuleSchema>;

/** The rules for one customer type. */
export const CustomerRulesSchema = Type.Object(
  {
    minimumAge: Type.Integer({ minimum: 18, maximum: 99 }),
    period: Type.Enum(['day', 'transaction'], {
      description: "day: the store's calendar day; transaction: each sale on its own",
    }),
    groups: Type.Array(LimitGroupSchema, { minItems: 1, maxItems: 20 }),
    counting: Type.Record(Type.Enum(COMPLIANCE_CATEGORIES), Type.Array(CountRuleSchema, { maxItems: 5 }), {
      additionalProperties: false,
      description: 'Every category, and the groups it counts toward (none: not limited)',
    }),
    recommendationMayChangeLimits: Type.Optional(
      Type.Boolean({ description: "Medical: a recommendation's own amounts replace the groups' limits" }),
    ),
  },
  { additionalProperties: false },
);
export type CustomerRules = Static<typeof CustomerRulesSchema>;

/** Whether a store's discounts lower the taxable amount (after) or tax is on the price before them. */
export const TAX_BASES = ['after_discounts', 'before_discounts'] as const;
export type TaxBase = (typeof TAX_BASES)[number];

/**
 * The state's rules on discounts (README "Deals"): the least a unit of cannabis may sell for once
 * deals are taken off (1 cent: never free), and whether tax is on the price after the store's
 * discounts or before them. Without it: no floor, tax after discounts.
 */
export const DiscountRulesSchema = Type.Object(
  {
    floorCentsPerUnit: Type.Integer({
      minimum: 0,
      maximum: 100_000,
      description: 'The least a unit may come to after deals, in cents (a weighed product: per gram); 1: never free',
    }),
    floorAppliesTo: Type.Optional(
      Type.Array(Type.Enum(COMPLIANCE_CATEGORIES), {
        minItems: 1,
        description: 'The categories the floor holds; without it, every category the profile counts as cannabis',
      }),
    ),
    taxBase: Type.Enum(TAX_BASES, {
      description: "after_discounts: a store's discounts lower the taxable amount; before_discounts: they do not",
    }),
    sources: Type.Array(Words('A regulation or notice the discount rules come from'), { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type ProfileDiscountRules = Static<typeof DiscountRulesSchema>;

/** A state's rules. */
export const StateProfileSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z]{2}-[a-z]{2}$', description: 'Country and state: "us-ca"' }),
    stateCode: Type.String({ pattern: '^[A-Z]{2}$' }),
    stateName: Words('"California"'),
    reviewed: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'When the rules were last checked' }),
    sources: Type.Array(Words('A regulation or notice the rules come from'), { minItems: 1 }),
    notes: Type.Optional(
      Type.Array(Words('How the sources were read into these numbers, and every assumption made'), {
        description: 'For the people who check the profile; the service does not read them',
      }),
    ),
    customerTypes: Type.Object(
      { adult_use: CustomerRulesSchema, medical: CustomerRulesSchema },
      { additionalProperties: false },
    ),
    nonCannabisCategories: Type.Array(Type.Enum(COMPLIANCE_CATEGORIES), {
      description: 'Categories that are not cannabis goods (they count toward no limit)',
    }),
    accessoryOnlyMaySkipIdCheck: Type.Boolean({
      description: 'Whether a sale of only non-cannabis goods may skip the ID check, where the store allows it',
    }),
    receiptWarning: Words("The warning the state requires on the customer's receipt"),
    adjustmentReasons: Type.Optional(
      Type.Array(
        Type.Object(
          {
            code: Type.String({ pattern: '^[a-z][a-z0-9_]*$', maxLength: 40 }),
            name: Words('What people read: "Waste (destroyed or unsellable)"'),
            stateReason: Words("The state system's name of the reason (Metrc's AdjustmentReason)"),
            noteRequired: Type.Boolean({ description: 'The state wants a note saying what happened' }),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: 40,
          description:
            'Why a package\'s stock may be adjusted, as the state names it (README "Inventory adjustments"); ' +
            'without it, stores use the default list',
        },
      ),
    ),
    discounts: Type.Optional(DiscountRulesSchema),
    taxLayers: Type.Object(
      { excise: Words('Excise tax name'), state: Words('State tax name'), local: Words('Local tax name') },
      { additionalProperties: false, description: 'The names of the tax layers, as receipts show them' },
    ),
  },
  { additionalProperties: false },
);
export type StateProfile = Static<typeof StateProfileSchema>;
