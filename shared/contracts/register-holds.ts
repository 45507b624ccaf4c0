import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { DealUsesAskedSchema, DealUsesLeftSchema } from './register-deal-uses.js';
import { Count, Milli, Milligrams, StockMilli } from '../numbers.js';

/**
 * What an attached register asks its store server before it writes a sale (README "Attaching
 * registers"): its units, the customer's purchase allowance, the points its reward dollars spend and
 * the uses of deals with limits, held in one request; and a customer's lines in a limits' period there.
 */
const HeldUnits = Type.Object(
  {
    packageId: Type.String({ minLength: 1, maxLength: 64 }),
    /** Thousandths of the package's unit. */
    milli: Type.Integer({ minimum: 0, maximum: 1_000_000_000 }),
  },
  { additionalProperties: false },
);

/** One line of a sale as the purchase limits count it: what it is and how much (a line of `order_items`). */
const LimitMeasures = {
  type: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 1000 }),
  /** 1: weighed at the counter (the quantity is grams, its cannabis weight). */
  deli: Type.Integer({ minimum: 0, maximum: 1 }),
  cannabisWeightMg: Type.Union([Milligrams(), Type.Null()]),
  thcMg: Type.Union([Milligrams(), Type.Null()]),
};

/** A customer's line of a limits' period at the store server, with its order (or the sale a register holds it for). */
const BoughtLineSchema = Type.Object({
  orderId: Type.String(),
  ...LimitMeasures,
  quantityMilli: Milli(),
  refundedMilli: Milli(),
});

/**
 * The customer's allowance a register's sale holds with its units (README "Attaching registers"):
 * its customer (the register's id for them) and its lines, which the server checks against the
 * store's purchase limits with what the customer bought and what other sales hold.
 */
const AllowanceAsked = Type.Object(
  {
    customerId: Type.String({ minLength: 1, maxLength: 64 }),
    lines: Type.Array(Type.Object({ ...LimitMeasures, quantityMilli: StockMilli() }, { additionalProperties: false }), {
      maxItems: 500,
    }),
  },
  { additionalProperties: false },
);

/**
 * The loyalty points a register's sale holds with its units (README "Loyalty"): its customer (the
 * register's id for them) and the reward dollars the sale spends, which the server checks against
 * the customer's balance less what other sales hold. `askedCents` is sent only when more were asked
 * than the sale takes, for the refusal's words (an older server refuses the hold then).
 */
const PointsAsked = Type.Object(
  {
    customerId: Type.String({ minLength: 1, maxLength: 64 }),
    rewardCents: Count("The sale's reward dollars, in cents"),
    askedCents: Type.Optional(Count('The reward dollars asked, in cents, when more than the sale takes')),
  },
  { additionalProperties: false },
);

/**
 * `POST /v2.0/register/holds`: the units a register's sale is about to reserve, held at the server
 * first, and the customer's allowance with them. The hold's id is the id of the order the register
 * writes: the order's lines take the allowance's place when it is forwarded.
 */
export const HoldRequestSchema = Type.Object(
  {
    /** Chosen by the register (a UUID): the same hold sent again holds nothing twice. */
    holdId: Type.String({ format: 'uuid' }),
    reservations: Type.Array(HeldUnits, { minItems: 1, maxItems: 500 }),
    allowance: Type.Optional(AllowanceAsked),
    points: Type.Optional(PointsAsked),
    /** The deals with limits the sale may use: counted at the server, a use held of those it uses. */
    deals: Type.Optional(DealUsesAskedSchema),
  },
  { additionalProperties: false },
);
export type HoldRequest = Static<typeof HoldRequestSchema>;

export const HoldResponse = Type.Object({
  ...SuccessFields,
  /** With `deals` asked (held only): each deal's uses left at the server for this sale, before its own use. */
  deals: Type.Optional(Type.Array(DealUsesLeftSchema)),
  /** Every unit is held (false: none is, and `available` says what each package has). */
  held: Type.Boolean(),
  /** When the held units go back if the register's sale has not come (held only). */
  expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  /** What each package of the request has at the server (not held only). */
  available: Type.Optional(Type.Array(HeldUnits)),
  /**
   * With an allowance the server counted: the customer's lines of the limits' period at the
   * server and those other sales hold, for the register to count with its own.
   */
  purchases: Type.Optional(Type.Array(BoughtLineSchema)),
  /**
   * With points asked and held: the points the server holds for the sale (0: the store runs no
   * programme there). Absent: none are held (the server does not know the customer yet).
   */
  pointsHeld: Type.Optional(Count()),
});
export type HoldAnswer = Static<typeof HoldResponse>;

/** `GET /v2.0/register/purchases`: a customer's lines in a limits' period at the store server. */
export const PurchasesQuery = Type.Object(
  {
    customerId: Type.String({ minLength: 1, maxLength: 64 }),
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type PurchasesQueryType = Static<typeof PurchasesQuery>;

export const PurchasesResponse = Type.Object({
  ...SuccessFields,
  /**
   * Every line of the customer's orders in the period, canceled orders left out, with its order,
   * and the lines registers hold for sales they are writing, with the order they write.
   */
  lines: Type.Array(BoughtLineSchema),
});
export type PurchasesAnswer = Static<typeof PurchasesResponse>;
