import { Type, type Static } from 'typebox';
import { DENOMINATIONS, MAX_PIECES } from '../cash/expected-cash.js';
import { TERMINAL_ID_PATTERN } from '../terminal-id.js';
import { PAYMENT_METHODS } from './payment.js';
import { SuccessFields } from './common.js';
import { AmountCents, Cents, Count } from '../numbers.js';

/**
 * Cash drawers (issue 16, README "Cash drawers"): a register's shift opened with a counted
 * float, its cash movements, the X report during it and the Z report of its close. Amounts are
 * integer cents.
 */

export const CASH_MOVEMENT_KINDS = ['paid_in', 'paid_out', 'safe_drop', 'no_sale'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

const Time = Type.String({ format: 'date-time' });
const NullableTime = Type.Union([Time, Type.Null()]);
const NullableCents = Type.Union([Cents(), Type.Null()]);

/** How many of each US bill and coin were counted (`bill20`, `coin25`…); one left out counts none. */
export const DenominationCountSchema = Type.Object(
  Object.fromEntries(
    Object.keys(DENOMINATIONS).map((name) => [name, Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PIECES }))]),
  ),
  { additionalProperties: false, description: 'Pieces of each bill and coin: bill100…bill1, coin100…coin1.' },
);

/** A count of the drawer: one amount, or pieces by denomination (exactly one of the two). */
export const CashCountSchema = Type.Object(
  {
    amount: Type.Optional(AmountCents('The cash counted, in cents.')),
    count: Type.Optional(DenominationCountSchema),
  },
  { additionalProperties: false },
);
export type CashCount = Static<typeof CashCountSchema>;

export const OpenDrawerSchema = Type.Object(
  {
    amount: Type.Optional(AmountCents('The float counted into the drawer, in cents.')),
    count: Type.Optional(DenominationCountSchema),
    /** The close is blind: the cashier does not see the expected cash before counting. */
    blind: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type OpenDrawer = Static<typeof OpenDrawerSchema>;

/** A manager's approval of a movement the store's cash policy guards: who, and their PIN. */
export const ManagerApprovalSchema = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64, description: 'The approving manager or admin.' }),
    pin: Type.String({ minLength: 1, maxLength: 12, description: 'Their PIN: 4 to 8 digits.' }),
  },
  { additionalProperties: false },
);
export type ManagerApproval = Static<typeof ManagerApprovalSchema>;

export const CashMovementRequestSchema = Type.Object(
  {
    kind: Type.Enum(CASH_MOVEMENT_KINDS),
    /** Cents; 0 (and only 0) for a no-sale. */
    amount: AmountCents('Cents moved in or out of the drawer; 0 for a no-sale.'),
    reason: Type.String({ minLength: 1, maxLength: 200, description: 'Why, as the person said it.' }),
    /** Needed when the store's cash policy guards this kind and the person is not a manager. */
    approval: Type.Optional(ManagerApprovalSchema),
  },
  { additionalProperties: false },
);
export type CashMovementRequest = Static<typeof CashMovementRequestSchema>;

const Person = Type.Object({ id: Type.String(), name: Type.String() });

export const CashMovementViewSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(CASH_MOVEMENT_KINDS),
  amount: Cents(),
  reason: Type.String(),
  by: Person,
  /** The manager who approved it, where the store's cash policy asks for one. */
  approvedBy: Type.Union([Person, Type.Null()]),
  at: Time,
});
export type CashMovementView = Static<typeof CashMovementViewSchema>;

export const ShiftViewSchema = Type.Object({
  id: Type.String(),
  terminalId: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
  blind: Type.Boolean(),
  openedBy: Person,
  openedAt: Time,
  float: Cents(),
  floatCount: Type.Union([DenominationCountSchema, Type.Null()]),
  closedBy: Type.Union([Person, Type.Null()]),
  closedAt: NullableTime,
  counted: NullableCents,
  countedCount: Type.Union([DenominationCountSchema, Type.Null()]),
  /** The cash the drawer should hold; null on an open blind shift for someone who may not see it. */
  expected: NullableCents,
  /** Counted minus expected (negative: short), once closed. */
  overShort: NullableCents,
  zNumber: Type.Union([Count(), Type.Null()]),
  /**
   * Who counted the drawer of a shift the store server closed as replaced (no Z number), and when:
   * after its close, which stays the server's. Absent on every other shift: its count is its close's.
   */
  countedLate: Type.Optional(Type.Object({ by: Person, at: Time })),
});
export type ShiftView = Static<typeof ShiftViewSchema>;

/** The cash side of a shift, in cents, as the expected-cash rule adds it up. */
export const CashFlowsSchema = Type.Object({
  float: Cents(),
  cashTendered: Cents('Cash handed over for cash payments.'),
  changeGiven: Cents(),
  cashBack: Cents('Cash handed out as cashless ATM round-ups.'),
  cashRefunds: Cents(),
  paidIn: Cents(),
  paidOut: Cents(),
  safeDrops: Cents(),
});

/** One payment method's money in a shift, in cents: approved payments, refunds and voids. */
export const MethodSalesSchema = Type.Object({
  method: Type.Enum(PAYMENT_METHODS),
  /** Approved payments (refunded ones included) and what they applied to orders. */
  count: Count(),
  amount: Cents(),
  tip: Cents(),
  /** Cash handed back by cashless ATM round-ups. */
  cashback: Cents(),
  /** Refunds handed back at this register during the shift (of payments taken at any time). */
  refundCount: Count(),
  refunded: Cents(),
  /** Payments of the shift voided since. */
  voidCount: Count(),
  voided: Cents(),
});
export type MethodSales = Static<typeof MethodSalesSchema>;

/**
 * A shift's sales as the store's reports count a day's (README "Reports"), in cents, every amount
 * positive: gross − discounts − returns = net; net + tax − tax refunded + delivery − reward dollars
 * + paid toward open orders + paid with no order − paid in earlier shifts = taken (the payments less
 * the refunds) + tips refunded.
 */
export const ShiftSummarySchema = Type.Object({
  /** The sold lines' prices times quantities, before any discount. */
  gross: Cents(),
  /** Everything taken off: deals, by hand, and the rest (loyalty tiers, promotions). */
  discounts: Cents(),
  /** What the deals took off (by deal in the sales' `dealDiscounts`). */
  dealDiscounts: Cents(),
  /** What discounts given by hand took off. */
  manualDiscounts: Cents(),
  /** Products' own promotions (and loyalty tiers' discounts): discounts − deals − by hand. */
  otherDiscounts: Cents(),
  /**
   * What the shift's refunds of sales gave back, before tax (its tax is `taxRefunded`), with the reward
   * dollars they gave back (`rewardDollarsBack`); not money of no sale (handed back before its order's
   * sale closed: it lowers `paidTowardOpen`), nor tips.
   */
  returns: Cents(),
  /** gross − discounts − returns: the day report's net for the same sales. */
  net: Cents(),
  tax: Cents(),
  /** The tax the shift's returns handed back (the tax report's refunded); 0 on a Z closed before it was kept. */
  taxRefunded: Cents(),
  delivery: Cents(),
  /** Paid with reward dollars (loyalty points) rather than money. */
  rewardDollars: Cents(),
  /** Reward dollars the shift's returns gave back (part of `returns`); 0 on a Z closed before it was kept. */
  rewardDollarsBack: Cents(),
  /** Paid in the shift toward orders it did not complete (a deposit, part of an order): no sale of it. */
  paidTowardOpen: Cents(),
  /** Paid in the shift with no order at all. */
  paidWithoutOrder: Cents(),
  /** What the shift's sales had been paid before, outside the shift: in its sales, not its payments. */
  paidEarlier: Cents(),
  /** Tips the shift's refunds gave back, beyond what a payment paid toward its order; 0 on a Z closed before it was kept. */
  tipsRefunded: Cents(),
  /** What the shift's payments applied, less all its refunds (tips paid and cash back apart). */
  taken: Cents(),
});
export type ShiftSummary = Static<typeof ShiftSummarySchema>;

/** The sales side of a shift: what its register sold, by method, with the orders' taxes and discounts. */
export const ShiftSalesSchema = Type.Object({
  /** Every method with a payment, refund or void in the shift, in PAYMENT_METHODS order. */
  byMethod: Type.Array(MethodSalesSchema),
  /** The orders whose payment completed in the shift. */
  sales: Count(),
  /** Distinct customers of those orders; a sale with no customer on file counts as one. */
  customers: Count(),
  /** Taxes of those orders by layer (the tax classes' rates, e.g. "Cannabis excise"), by name. */
  taxes: Type.Array(Type.Object({ name: Type.String(), amount: Cents() })),
  /** Line and loyalty-tier discounts of those orders. */
  discounts: Cents(),
  /** What each deal took off those orders (README "Deals"), biggest first, not discounts by hand; absent when none did. */
  dealDiscounts: Type.Optional(Type.Array(Type.Object({ name: Type.String(), amount: Cents() }))),
  /** Reward dollars (points) the customers paid with. */
  rewardDollars: Cents(),
  tips: Cents(),
  /** Gross, discounts, returns, net, tax and what was taken; absent on a Z report closed before it was kept. */
  summary: Type.Optional(ShiftSummarySchema),
});
export type ShiftSales = Static<typeof ShiftSalesSchema>;

/** An X report (during the shift) or a Z report (its close, never changing after it). */
export const DrawerReportSchema = Type.Object({
  kind: Type.Union([Type.Literal('X'), Type.Literal('Z')]),
  shift: ShiftViewSchema,
  /** Null on an X report of a blind shift for someone who may not see the expected cash. */
  flows: Type.Union([CashFlowsSchema, Type.Null()]),
  /**
   * What the register sold in the shift (a Z report keeps it as its close added it up); null with
   * `flows`, since its cash sales would tell the expected cash.
   */
  sales: Type.Union([ShiftSalesSchema, Type.Null()]),
  movements: Type.Array(CashMovementViewSchema),
  generatedAt: Time,
});
export type DrawerReport = Static<typeof DrawerReportSchema>;

export const ShiftResponseSchema = Type.Object({ ...SuccessFields, shift: Type.Union([ShiftViewSchema, Type.Null()]) });
export const MovementResponseSchema = Type.Object({ ...SuccessFields, movement: CashMovementViewSchema });
export const ReportResponseSchema = Type.Object({ ...SuccessFields, report: DrawerReportSchema });

/** `GET …/drawers/shifts`: the store's shifts, newest opened first. */
export const ShiftListQuerySchema = Type.Object(
  {
    /** The store's calendar day (its time zone) the shifts were opened on. */
    day: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD, the store’s day' })),
    terminal: Type.Optional(Type.String({ pattern: TERMINAL_ID_PATTERN })),
    /** The id of the staff member who opened the drawer (`openedBy.id`). */
    cashier: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('closed')])),
    before: Type.Optional(
      Type.String({ maxLength: 200, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);
export type ShiftListQuery = Static<typeof ShiftListQuerySchema>;

export const ShiftListResponseSchema = Type.Object({
  ...SuccessFields,
  /** Open shifts carry the cash their drawer should hold now; closed ones their count and over/short. */
  shifts: Type.Array(ShiftViewSchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ShiftList = Static<typeof ShiftListResponseSchema>;
