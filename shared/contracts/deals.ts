import { Type, type Static } from 'typebox';
import { CUSTOMER_GROUP_KINDS, DEAL_KINDS, DEAL_TRIGGERS } from '../deals/deal.js';
import { PROMO_CODE_TYPED, PROMO_CODE_TYPED_MAX } from '../deals/promo-code.js';
import { AMOUNT_MAX_CENTS, AmountCents, Count, DayMinutes, Percent, PercentOff } from '../numbers.js';
import { SuccessFields } from './common.js';
import { PriceBreakSchema } from './products.js';

/**
 * A store's deals (README "Deals"): `/v2.0/dispensary/<short>/setup/deals` and `servicepay deals …`
 * with `--json`, which print the same shapes. Rates are percents (up to 4 decimals) here and parts
 * per million inside (shared/deals/deal.ts); money in cents; quantities in whole units.
 */

const Ids = (description: string) =>
  Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 500, description });

/** Which products: named, or by brand, category (FLOWER, EDIBLE, …) or tag; all empty: every product. */
export const DealScopeSchema = Type.Object(
  {
    productIds: Ids('Product ids (or SKUs, when written)'),
    brands: Ids('Brands, as products name them'),
    categories: Ids('Categories: FLOWER, EDIBLE, PREROLL, VAPE, …'),
    tags: Ids('Tags'),
  },
  { additionalProperties: false },
);

const Day = Type.Union([Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' }), Type.Null()]);
const Minute = Type.Union([DayMinutes('Minutes after midnight, store time'), Type.Null()]);

/** When, in the store's time; an end minute before the start runs across midnight. */
export const DealScheduleSchema = Type.Object(
  {
    startDate: Day,
    endDate: Day,
    weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), {
      maxItems: 7,
      description: '0 Sunday … 6 Saturday; empty: every day',
    }),
    startMinute: Minute,
    endMinute: Minute,
  },
  { additionalProperties: false },
);

export const CustomerGroupSchema = Type.Object(
  {
    kind: Type.Enum([...CUSTOMER_GROUP_KINDS]),
    minAge: Type.Optional(Type.Integer({ minimum: 18, maximum: 120, description: 'For `age`: at least this old' })),
    tierId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'For `tier`: the loyalty tier' })),
  },
  { additionalProperties: false },
);

/**
 * A scope or schedule as written (`POST`, `PATCH`): any member may be left out. On a new deal a member
 * left out is its default (no products, brands, categories or tags; no dates, every weekday, all day);
 * on a change it keeps what the deal has (deal-rows.ts `dealWith`).
 */
const DealScopeInputSchema = Type.Partial(DealScopeSchema, { additionalProperties: false });
const DealScheduleInputSchema = Type.Partial(DealScheduleSchema, { additionalProperties: false });
export type DealScopeInput = Static<typeof DealScopeInputSchema>;
export type DealScheduleInput = Static<typeof DealScheduleInputSchema>;

const nullable = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Number>>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * A deal's money as a manager writes it: any whole cents up to $1,000,000.00, so that $0.00 and less
 * meet one refusal, the deal's own beside its field (shared/deals/deal-checks.ts: "The price of each
 * unit must be more than $0.00 …"), not the schema's for one and the checks' for the other.
 */
const Money = (description: string) => AmountCents(`${description}, more than 0`, -AMOUNT_MAX_CENTS);
const BreakInputSchema = Type.Object(
  { weightMg: PriceBreakSchema.properties.weightMg, priceCents: Money('The price of that weight, in cents') },
  { additionalProperties: false },
);

/** Every field of a deal a manager writes (`POST` takes them; `PATCH` any of them). */
const fields = {
  name: Type.String({ minLength: 1, maxLength: 80, description: 'What people read: "Wednesday edibles"' }),
  kind: Type.Enum([...DEAL_KINDS]),
  percent: nullable(
    PercentOff(
      'percent, and buy_get’s reward: percent off, more than 0 and at most 100 (100: free); at most 4 decimals',
    ),
  ),
  amountCents: nullable(Money('amount: cents off each unit')),
  priceCents: nullable(Money('fixed_price: each unit’s price')),
  buyQuantity: nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'buy_get: units to buy' })),
  getQuantity: nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'buy_get: units rewarded' })),
  getScope: Type.Optional(Type.Union([DealScopeInputSchema, Type.Null()])),
  bundleQuantity: nullable(Type.Integer({ minimum: 1, maximum: 1000, description: 'bundle: units in one' })),
  bundlePriceCents: nullable(Money('bundle: the price of one')),
  breaks: Type.Optional(Type.Array(BreakInputSchema, { maxItems: 12, description: 'weight_break: lightest first' })),
  scope: Type.Optional(DealScopeInputSchema),
  schedule: Type.Optional(DealScheduleInputSchema),
  groups: Type.Optional(Type.Array(CustomerGroupSchema, { maxItems: 10 })),
  trigger: Type.Optional(Type.Enum([...DEAL_TRIGGERS], { description: 'Default: automatic' })),
  code: Type.Optional(
    Type.Union([
      Type.String({
        minLength: 1,
        maxLength: PROMO_CODE_TYPED_MAX,
        pattern: PROMO_CODE_TYPED,
        description: 'A code deal’s promo code, any case, spaces around it left out; kept upper case',
      }),
      Type.Null(),
    ]),
  ),
  exclusive: Type.Optional(Type.Boolean({ description: 'No other deal on the units it discounts' })),
  priority: Type.Optional(
    Type.Integer({
      minimum: -1000,
      maximum: 1000,
      description:
        'Stackable deals apply higher first; of exclusive deals on a unit the customer gets the one that saves more, priority deciding only a tie',
    }),
  ),
  perCustomerLimit: nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  totalLimit: nullable(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  active: Type.Optional(Type.Boolean({ description: 'False: paused' })),
};

/** `POST …/setup/deals`. */
export const DealCreateSchema = Type.Object(
  { ...fields, name: fields.name, kind: fields.kind },
  { additionalProperties: false },
);
export type DealCreate = Static<typeof DealCreateSchema>;

/** `PATCH …/setup/deals/<id>`: any of the fields. */
export const DealUpdateSchema = Type.Object(
  { ...fields, name: Type.Optional(fields.name), kind: Type.Optional(fields.kind) },
  { additionalProperties: false, minProperties: 1 },
);
export type DealUpdate = Static<typeof DealUpdateSchema>;

const orNull = <T extends ReturnType<typeof Type.Integer> | ReturnType<typeof Type.Number>>(schema: T) =>
  Type.Union([schema, Type.Null()]);
const Units = Type.Integer({ minimum: 1, maximum: 1000 });

/** A deal as the API answers it: its definition, and what people read of it. */
export const DealViewSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: Type.Enum([...DEAL_KINDS]),
  percent: orNull(Percent()),
  amountCents: orNull(AmountCents()),
  priceCents: orNull(AmountCents()),
  buyQuantity: orNull(Units),
  getQuantity: orNull(Units),
  getScope: Type.Union([DealScopeSchema, Type.Null()]),
  bundleQuantity: orNull(Units),
  bundlePriceCents: orNull(AmountCents()),
  breaks: Type.Array(PriceBreakSchema),
  scope: DealScopeSchema,
  schedule: DealScheduleSchema,
  groups: Type.Array(CustomerGroupSchema),
  trigger: Type.Enum([...DEAL_TRIGGERS]),
  code: Type.Union([Type.String(), Type.Null()]),
  exclusive: Type.Boolean(),
  priority: Type.Integer({ minimum: -1000, maximum: 1000 }),
  perCustomerLimit: orNull(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  totalLimit: orNull(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  active: Type.Boolean(),
  /** One line a manager reads: "20 % off Edibles", "Any 3 of Pre-rolls for $20.00". */
  summary: Type.String(),
  /** When it runs, in words: "Wednesdays", "Every day". */
  when: Type.String(),
  /** Words for a problem the store should know of (an exclusive deal overlapping another), or null. */
  warning: Type.Union([Type.String(), Type.Null()]),
  /** Sales that got it so far (a canceled one gives its use back); null: it has no limit, so none are counted. */
  uses: Type.Union([Count(), Type.Null()]),
  /** True when `uses` reached `totalLimit`: it applies to no sale any more (the shop's list leaves it out). */
  usedUp: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type DealView = Static<typeof DealViewSchema>;

export const DealsSchema = Type.Object({ ...SuccessFields, deals: Type.Array(DealViewSchema), count: Count() });
export type Deals = Static<typeof DealsSchema>;

export const DealAnswerSchema = Type.Object({ ...SuccessFields, deal: DealViewSchema });
export type DealAnswer = Static<typeof DealAnswerSchema>;

/** Which deals a listing shows: active (running or scheduled), paused, archived, or all (active and paused). */
export const DEAL_LIST_STATUSES = ['active', 'paused', 'archived', 'all'] as const;

/** `GET …/setup/deals?status=…`: active (running or scheduled), paused, or archived ones. */
export const DealListQuerySchema = Type.Object(
  { status: Type.Optional(Type.Enum([...DEAL_LIST_STATUSES], { default: 'all' })) },
  { additionalProperties: false },
);
export type DealListQuery = Static<typeof DealListQuerySchema>;

/** One of the store's running deals as a register or a shop reads it (never its promo code). */
export const SaleDealSchema = Type.Object({
  dealId: Type.String(),
  name: Type.String(),
  summary: Type.String(),
  when: Type.String(),
  trigger: Type.Enum([...DEAL_TRIGGERS]),
  exclusive: Type.Boolean(),
});
export type SaleDeal = Static<typeof SaleDealSchema>;

/** `GET /v2.0/dispensary/<short>/ecommerce/deals`: the deals a sale may get (those chosen by the cashier among them). */
export const SaleDealsSchema = Type.Object({ ...SuccessFields, deals: Type.Array(SaleDealSchema) });
export type SaleDeals = Static<typeof SaleDealsSchema>;
