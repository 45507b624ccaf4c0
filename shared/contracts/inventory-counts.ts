import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { ManagerApprovalSchema } from './cash.js';
import { Cents, Count, Quantity, Sequence, SignedQuantity } from '../numbers.js';

/**
 * Inventory counts (README "Inventory counts"): `/v2.0/dispensary/<short>/setup/inventory/counts…`
 * for the store's staff, and `servicepay inventory count …` with `--json`, which print the same
 * shapes. Quantities are in the product's unit (grams for weighed products), to three decimals.
 */

export const COUNT_STATUSES = ['OPEN', 'PAUSED', 'APPLIED', 'CANCELLED'] as const;
/** OPEN takes entries; PAUSED takes none until resumed; APPLIED and CANCELLED are final. */
export type CountStatusName = (typeof COUNT_STATUSES)[number];

/** `POST …/setup/inventory/counts`: a count of the whole store, or of some categories, or of some rooms. */
export const CountStartRequestSchema = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 80,
        description: 'What people call it: "Vault, Monday"; none: its scope\'s words ("Count of the Vault")',
      }),
    ),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'Anything the counters should know' })),
    categories: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
        maxItems: 20,
        description: 'Product categories (FLOWER, EDIBLE…) it covers; none or empty: every package of the store',
      }),
    ),
    rooms: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: 20,
        description: 'Rooms (ids or names; sales-floor for the sales floor) it covers; none or empty: every room',
      }),
    ),
  },
  { additionalProperties: false },
);
export type CountStartRequest = Static<typeof CountStartRequestSchema>;

/** `POST …/counts/<count>/entries`: what is there of one package. */
export const CountEntryRequestSchema = Type.Object(
  {
    package: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The package: its id, or its state tag (label) as a scanner reads it',
    }),
    quantity: Quantity('What is there: whole units, or grams to three decimals for a weighed product'),
  },
  { additionalProperties: false },
);
export type CountEntryRequest = Static<typeof CountEntryRequestSchema>;

/** `POST …/counts/<count>/apply`: a manager's PIN, where a cashier applies it. */
export const CountApplyRequestSchema = Type.Object(
  { approval: Type.Optional(ManagerApprovalSchema) },
  { additionalProperties: false },
);
export type CountApplyRequest = Static<typeof CountApplyRequestSchema>;

const Name = Type.Union([Type.String(), Type.Null()]);

/** One count, without its packages. */
export const CountViewSchema = Type.Object({
  countId: Type.String(),
  /** Its number at the store: 1, 2, 3… */
  number: Sequence('Its number at the store'),
  name: Type.String(),
  note: Type.String(),
  /** Product categories it covers; empty: every category. */
  categories: Type.Array(Type.String()),
  /** Rooms it covers (`sales-floor`: the sales floor), by their names when it started; empty: every room. */
  rooms: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  /** "every category", "FLOWER and EDIBLE", "the Vault", "FLOWER in the Vault". */
  scope: Type.String(),
  status: Type.Enum(COUNT_STATUSES),
  /** Who started it: the username, or `operator` for the command line. */
  startedBy: Type.String(),
  /** Their display name as it is now, which people read; null when `startedBy` is no user. */
  startedByName: Name,
  /** ISO 8601 UTC. */
  startedAt: Type.String(),
  /** Who applied or cancelled it, and when (null while open or paused). */
  closedBy: Name,
  /** Their display name now; null while open, or when they are no user. */
  closedByName: Name,
  closedAt: Name,
  /** The manager who approved applying it (themselves, or the one whose PIN was given). */
  approvedBy: Name,
  /** Their display name now; null when nobody approved, or they are no user. */
  approvedByName: Name,
  approvedByOther: Type.Boolean({
    description:
      "Someone other than who applied it approved it (a manager's PIN): false when nobody did, or a manager or the operator applied their own",
  }),
});
export type CountView = Static<typeof CountViewSchema>;

/** One package of a count's scope: what was counted (null: not yet), expected, and the difference. */
export const CountLineSchema = Type.Object({
  packageId: Type.String(),
  packageLabel: Type.String(),
  /** The room the package is in now; null: the sales floor. */
  roomName: Name,
  productId: Type.String(),
  productName: Type.String(),
  sku: Name,
  category: Type.String(),
  unitType: Type.String(),
  /** Weighed at the counter: quantities in grams; otherwise whole units. */
  deli: Type.Boolean(),
  /** Retail price of one unit (a gram when weighed), in cents. */
  priceCents: Cents(),
  counted: Type.Union([Quantity(), Type.Null()]),
  /** Stock on hand when it was counted (null: not counted). */
  expected: Type.Union([Quantity(), Type.Null()]),
  /** counted − expected (null: not counted). */
  difference: Type.Union([SignedQuantity(), Type.Null()]),
  /** The difference at retail price, in cents (null: not counted). */
  differenceCents: Type.Union([Cents(), Type.Null()]),
  countedBy: Name,
  /** The display name now of who counted it; null when not counted, or they are no user. */
  countedByName: Name,
  countedAt: Name,
  /** Stock on hand now. */
  onHand: Quantity(),
  /** The adjustment the difference became, once applied. */
  adjustmentId: Name,
});
export type CountLine = Static<typeof CountLineSchema>;

/** The variance report's totals; values at retail price, in cents. */
export const CountTotalsSchema = Type.Object({
  packages: Count(),
  counted: Count(),
  notCounted: Count(),
  withDifference: Count(),
  shortCents: Cents('What the missing stock is worth at retail price (zero or less)'),
  overCents: Cents('What the stock found beyond the expected is worth at retail price'),
  netCents: Cents(),
});

export const CountAnswerSchema = Type.Object({ ...SuccessFields, count: CountViewSchema });
export type CountAnswer = Static<typeof CountAnswerSchema>;

/** `GET …/counts/<count>`: the count and its variance report, package by package. */
export const CountReportSchema = Type.Object({
  ...SuccessFields,
  count: CountViewSchema,
  lines: Type.Array(CountLineSchema),
  totals: CountTotalsSchema,
});
export type CountReport = Static<typeof CountReportSchema>;

export const CountListSchema = Type.Object({ ...SuccessFields, counts: Type.Array(CountViewSchema) });
export type CountList = Static<typeof CountListSchema>;

/** `POST …/counts/<count>/entries`: the package's line as it now stands. */
export const CountEntryAnswerSchema = Type.Object({ ...SuccessFields, line: CountLineSchema });
export type CountEntryAnswer = Static<typeof CountEntryAnswerSchema>;
