import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { SuccessFields } from './common.js';
import { PAYMENT_METHODS } from './payment.js';
import { Cents, Count, Milli, SAFE_MAX } from '../numbers.js';

/**
 * The reports a manager and a chain run the business on (README "Reports", issue 32): over a range
 * of store days `from`…`to` (inclusive, the store's calendar), in cents. A sale's day is the store
 * day of the payment that closed it; a refund's day is the day it was handed out.
 */

/** The reports, by the name their route and CLI command take. */
export const REPORT_NAMES = ['summary', 'sales', 'tax', 'inventory-value'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

/** How `sales` groups its rows (`by`). */
export const SALES_GROUPINGS = [
  'category',
  'brand',
  'product',
  'budtender',
  'register',
  'hour',
  'weekday',
  'customer-type',
] as const;
export type SalesGrouping = (typeof SALES_GROUPINGS)[number];

/** How `sales` orders its rows (`sort`): `net` biggest first (top), `net-asc` smallest first (slowest). */
export const SALES_SORTS = ['net', 'net-asc', 'quantity', 'quantity-asc', 'margin', 'name'] as const;
export type SalesSort = (typeof SALES_SORTS)[number];

/** Where refunds land in `summary` (`returns`): the day handed out (default), or their sale's day. */
export const RETURNS_DAYS = ['by-refund-day', 'by-sale-day'] as const;
export type ReturnsDay = (typeof RETURNS_DAYS)[number];

/** The longest range a report takes, in days. */
export const REPORT_MAX_DAYS = 366;

const Day = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-01'], description });

/** The query string of every report route (each report reads what it needs). */
export const ReportQuerySchema = Type.Object(
  {
    from: Day('The first store day (YYYY-MM-DD); inventory-value: optional, the same as to'),
    to: Day('The last store day, included (YYYY-MM-DD); inventory-value: the stock at its end'),
    by: Type.Optional(Type.Enum(SALES_GROUPINGS, { description: 'sales: how its rows are grouped' })),
    compare: Type.Optional(Type.Literal('previous', { description: 'Also the previous period of equal length' })),
    sort: Type.Optional(Type.Enum(SALES_SORTS, { description: 'sales: the order of its rows (default net)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'sales: at most this many rows' })),
    returns: Type.Optional(Type.Enum(RETURNS_DAYS, { description: 'summary: where refunds are counted' })),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuerySchema>;

/** An amount given by name: a deal's discount, a tax layer's tax. */
export const NamedAmountSchema = Type.Object({ name: Type.String(), amountCents: Cents() });
export type NamedAmount = Static<typeof NamedAmountSchema>;

/** One payment method's money in a period. */
export const TenderSchema = Type.Object({
  method: Type.Enum(PAYMENT_METHODS),
  /** Payments approved (refunded ones included). */
  count: Count(),
  /** Paid: to the period's sales, or toward orders still open (`paidTowardOpenCents`). */
  amountCents: Cents(),
  tipCents: Cents(),
  cashBackCents: Cents(),
  /** Refunds of this method's payments handed out (or, by-sale-day, of this period's sales). */
  refundedCents: Cents(),
});
export type Tender = Static<typeof TenderSchema>;

/** The figures of a sales summary over some store days. */
export const SummaryFiguresSchema = Type.Object({
  /** Sales closed: orders whose closing payment was taken then. */
  sales: Count(),
  /** The lines' prices times quantities, before any discount. */
  grossCents: Cents(),
  /** Everything taken off: deals, manual discounts and the rest (tiers, rewards, promotions). */
  discountCents: Cents(),
  /** What each deal took off, biggest first. */
  dealDiscounts: Type.Array(NamedAmountSchema),
  /** What discounts given by hand took off. */
  manualDiscountCents: Cents(),
  /**
   * What refunds of sales gave back, before tax, with the reward dollars they gave back
   * (`rewardBackCents`); not money of no sale, nor tips.
   */
  returnsCents: Cents(),
  /** gross − discounts − returns (before tax). */
  netCents: Cents(),
  /** The tax collected on the sales, by layer (as the drawers' Z reports count it). */
  taxes: Type.Array(NamedAmountSchema),
  taxCents: Cents(),
  /** Tax the returns handed back (the tax report's refunded). */
  returnsTaxCents: Cents(),
  /** Delivery charged on the sales. */
  deliveryCents: Cents(),
  /** Paid with reward dollars (loyalty points) rather than money. */
  rewardCents: Cents(),
  /** Reward dollars the returns gave back (their points, to the customers): part of `returnsCents`. */
  rewardBackCents: Cents(),
  tenders: Type.Array(TenderSchema),
  /** Tips refunds gave back, beyond what a payment paid toward its order. */
  refundedTipCents: Cents(),
  /**
   * Deposits: paid in the period toward orders not completed in it (an online order paid in part and
   * still open at the day's end). In the tenders, not in the sales: their sales count on the day completed.
   */
  paidTowardOpenCents: Cents(),
  /** What the period's sales had been paid on days before the one each was completed: in those days' tenders. */
  paidEarlierCents: Cents(),
  cashBackCents: Cents(),
  tipCents: Cents(),
  /** (gross − discounts) / sales, rounded; 0 without sales. */
  averageSaleCents: Cents(),
});
export type SummaryFigures = Static<typeof SummaryFiguresSchema>;

/** One store day of a summary. */
export const SummaryRowSchema = Type.Object({ day: Type.String(), ...SummaryFiguresSchema.properties });
export type SummaryRow = Static<typeof SummaryRowSchema>;

/** The figures of a group of sales (or of all of them). */
export const SalesFiguresSchema = Type.Object({
  /** Quantity sold, in thousandths of a unit (grams for weighed products). */
  quantityMilli: Milli(),
  /** Of `quantityMilli`, what was sold by weight: thousandths of a gram (the rest are units, never added to grams in words). */
  weighedMilli: Milli(),
  /** Sales with a line in this group. */
  sales: Count(),
  grossCents: Cents(),
  discountCents: Cents(),
  /**
   * Refunds of the group's sales handed out in the period, before tax, with the reward dollars they
   * gave back, shared among a sale's lines by their totals.
   */
  returnsCents: Cents(),
  /** gross − discounts − returns. */
  netCents: Cents(),
  taxCents: Cents(),
  /**
   * What the lines sold cost the store, where their packages' costs are known, less what the goods
   * refunds by items put back in stock cost (goods given back and not put back still cost it).
   */
  costCents: Cents(),
  /** The net (after returns) of the lines whose cost is known − their cost: cost + margin + netWithoutCostCents = net. */
  marginCents: Cents(),
  /** Of the net (after returns), the part sold from packages whose cost is not known. */
  netWithoutCostCents: Cents(),
});
export type SalesFigures = Static<typeof SalesFiguresSchema>;

export const SalesRowSchema = Type.Object({
  /** The group as stored: a category code, product id, staff name, register id, hour 0–23, weekday 1–7 (Monday 1). */
  key: Type.String(),
  /** The group in words. */
  label: Type.String(),
  ...SalesFiguresSchema.properties,
});
export type SalesRow = Static<typeof SalesRowSchema>;

/** One month's tax of one layer (a month cut to the range at its ends). */
export const TaxRowSchema = Type.Object({
  /** YYYY-MM. */
  month: Type.String(),
  layer: Type.String(),
  /** Tax collected on the sales of the month's store days. */
  taxCents: Cents(),
  /** Tax handed back in the month's refunds (each refund's share of its sale's tax). */
  refundedCents: Cents(),
  /** What is owed for the month: collected − refunded. */
  owedCents: Cents(),
});
export type TaxRow = Static<typeof TaxRowSchema>;

export const TaxFiguresSchema = Type.Object({
  /** Every layer's tax collected over the range. */
  layers: Type.Array(NamedAmountSchema),
  /** Every layer's tax handed back in the range's refunds. */
  refundedLayers: Type.Array(NamedAmountSchema),
  taxCents: Cents(),
  refundedCents: Cents(),
  /** Collected − refunded: what the filing owes. */
  owedCents: Cents(),
  /** (gross − discounts) of the sales the tax was collected on. */
  taxableCents: Cents(),
});
export type TaxFigures = Static<typeof TaxFiguresSchema>;

const StockCents = (description: string) => Type.Integer({ minimum: 0, maximum: SAFE_MAX, description });

export const InventoryValueFiguresSchema = Type.Object({
  /** Products with stock on hand. */
  products: Count(),
  quantityMilli: Milli(),
  costCents: StockCents('At what the stock whose cost is known cost the store; the rest adds nothing'),
  retailCents: StockCents("At the products' prices now, before promotions"),
  /** Of `products`, those none of whose stock on hand has a known cost (the rest have one, on some of it at least). */
  withoutCost: Count(),
  /** Of `quantityMilli`, the stock in packages whose cost is not known (of any product): not in `costCents`. */
  quantityWithoutCostMilli: Milli(),
  /** Of `retailCents`, that stock's. */
  retailWithoutCostCents: StockCents('Of retailCents, the stock whose cost is not known'),
});
export type InventoryValueFigures = Static<typeof InventoryValueFiguresSchema>;

export const InventoryValueRowSchema = Type.Object({
  category: Type.String(),
  categoryName: Type.String(),
  ...InventoryValueFiguresSchema.properties,
});
export type InventoryValueRow = Static<typeof InventoryValueRowSchema>;

/** Where and as of when a report was read (README "Reports": the read replica). */
const ReadFields = {
  /** The instant its data is complete to (ISO 8601). */
  asOf: Type.String(),
  readFrom: Type.Union([Type.Literal('primary'), Type.Literal('replica')]),
  /** Why the read replica was not used although one is set, in words; else null. */
  fallback: Type.Union([Type.String(), Type.Null()]),
};

/** The previous period of equal length (`compare=previous`). */
const Previous = <R extends TSchema, T extends TSchema>(row: R, total: T) =>
  Type.Union([Type.Object({ from: Type.String(), to: Type.String(), rows: Type.Array(row), total }), Type.Null()]);

/** One store's report: its rows, their total and, asked for, the previous period's. */
const StoreReport = <R extends TSchema, T extends TSchema, E extends TProperties = Record<never, TSchema>>(
  row: R,
  total: T,
  extra: E = {} as E,
) =>
  Type.Object({
    ...SuccessFields,
    ...extra,
    dispensaryShortName: Type.String(),
    dispensaryName: Type.String(),
    timeZone: Type.String(),
    from: Type.String(),
    to: Type.String(),
    ...ReadFields,
    rows: Type.Array(row),
    total,
    previous: Previous(row, total),
  });

export const SummaryReportSchema = StoreReport(SummaryRowSchema, SummaryFiguresSchema);
export type SummaryReport = Static<typeof SummaryReportSchema>;
export const SalesReportSchema = StoreReport(SalesRowSchema, SalesFiguresSchema, { by: Type.Enum(SALES_GROUPINGS) });
export type SalesReport = Static<typeof SalesReportSchema>;
export const TaxReportSchema = StoreReport(TaxRowSchema, TaxFiguresSchema);
export type TaxReport = Static<typeof TaxReportSchema>;
export const InventoryValueReportSchema = StoreReport(InventoryValueRowSchema, InventoryValueFiguresSchema, {
  /** The first store day of the store's records: no stock is known before it (`previous` is null for an earlier one). */
  firstDay: Day("The first store day of the store's records (YYYY-MM-DD, its time zone)"),
});
export type InventoryValueReport = Static<typeof InventoryValueReportSchema>;

/** Any one store's report. */
export type StoreReportOf = SummaryReport | SalesReport | TaxReport | InventoryValueReport;

/**
 * `GET /v2.0/reports/<report>`: every store of the organization the caller may see, side by side,
 * and their total (each figure the sum of the stores').
 */
const ChainReport = <S extends TSchema, T extends TSchema, E extends TProperties = Record<never, TSchema>>(
  store: S,
  total: T,
  extra: E = {} as E,
) =>
  Type.Object({
    ...SuccessFields,
    ...extra,
    report: Type.Enum(REPORT_NAMES),
    from: Type.String(),
    to: Type.String(),
    ...ReadFields,
    stores: Type.Array(store),
    total,
    /** The stores' previous totals summed, with compare=previous; else null. */
    previousTotal: Type.Union([total, Type.Null()]),
    /**
     * With compare=previous, the totals summed of the same stores as `previousTotal` (those whose `previous`
     * is not null): the figures the change is worked out from, store for store. `total` also counts a store
     * without a previous figure (an inventory value's store whose records start on the day); null with
     * `previousTotal`.
     */
    comparableTotal: Type.Union([total, Type.Null()]),
  });

export const ChainSummaryReportSchema = ChainReport(SummaryReportSchema, SummaryFiguresSchema);
export const ChainSalesReportSchema = ChainReport(SalesReportSchema, SalesFiguresSchema);
export const ChainTaxReportSchema = ChainReport(TaxReportSchema, TaxFiguresSchema);
/** A store an inventory value across stores leaves out: its records start after the day asked for. */
export const LeftOutStoreSchema = Type.Object({
  dispensaryShortName: Type.String(),
  dispensaryName: Type.String(),
  timeZone: Type.String(),
  firstDay: Day("The first store day of the store's records (YYYY-MM-DD, its time zone)"),
});
export type LeftOutStore = Static<typeof LeftOutStoreSchema>;

export const ChainInventoryValueReportSchema = ChainReport(InventoryValueReportSchema, InventoryValueFiguresSchema, {
  /** The stores whose records start after `to`: not in `stores` nor in `total`. */
  leftOut: Type.Array(LeftOutStoreSchema),
  /** With compare=previous, the stores of `stores` whose records start after the previous day (their `previous` null). */
  previousLeftOut: Type.Array(LeftOutStoreSchema),
});
export type ChainSummaryReport = Static<typeof ChainSummaryReportSchema>;
export type ChainSalesReport = Static<typeof ChainSalesReportSchema>;
export type ChainTaxReport = Static<typeof ChainTaxReportSchema>;
export type ChainInventoryValueReport = Static<typeof ChainInventoryValueReportSchema>;
