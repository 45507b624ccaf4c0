import type { CashFlows } from '../../../shared/cash/expected-cash.js';
import type { MethodSales, ShiftSales, ShiftSummary } from '../../../shared/contracts/cash.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/contracts/payment.js';
import type { SummaryFigures } from '../../../shared/contracts/reports.js';
import type { LineDiscount } from '../../../shared/deals/engine.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import type { PaidApart } from '../reports/paid-apart.js';
import type { RefundParts } from '../reports/refund-parts.js';
import type { ReadRefund, RefundRow } from '../reports/report-rows.js';
import { figuresOf, type PeriodTotals } from '../reports/summary-figures.js';

/** The payments of a shift summed by method, status and how they were entered (cents). */
export interface PaymentGroup {
  method: string;
  entry: string;
  status: string;
  count: number;
  amount: number;
  tip: number;
  cashback: number;
  tendered: number;
  change: number;
}

/** An approved refund handed out in a shift, as the store's reports read one, and how its payment was entered. */
export interface ShiftRefund extends ReadRefund {
  entry: string;
}

/**
 * What a shift's payments put apart from its sales, as a day's (reports/paid-apart.ts) but by shift:
 * paid toward orders the shift did not complete, paid with no order, and what its sales had been
 * paid outside it.
 */
export interface ShiftApart extends PaidApart {
  paidWithoutOrderCents: number;
}

/** The orders whose (closing) payment completed in a shift. */
export interface SoldOrders {
  sales: number;
  /** Distinct customers on file, and sales with none (each counts as one customer). */
  identified: number;
  anonymous: number;
  /** Sums of the orders' sub-totals (gross), taxes and delivery. */
  gross: number;
  tax: number;
  delivery: number;
  /** Sums of the orders' discount, tier discount and reward-dollar columns (zero or negative). */
  discount: number;
  rewardDollars: number;
  /**
   * The orders' taxes by layer (JSON) with how many orders split their tax that way; `layers` null for
   * orders priced before layers were kept (their tax alone).
   */
  taxes: { layers: string | null; tax: number; orders: number }[];
  /** What each deal took off each line of those orders. */
  deals: LineDiscount[];
}

/** A payment of the shift toward an order that it did not close for good (ShiftPaymentsRepository.apart). */
export interface ShiftApartPayment {
  amount: number;
  paidAt: string;
  /** When its order's sale closed for good (null while open), and in which shift (null: none). */
  closedAt: string | null;
  closedIn: string | null;
  /** What of it was handed back before its order's sale closed. */
  refundedBefore: number;
}

/**
 * What the shift paid toward orders it did not complete (a shift's `paidTowardOpen`, as a day's:
 * reports/paid-apart.ts): a payment counts whole unless its order's sale closed for good in this
 * shift after it; then only what of it was handed back before (it paid no sale: a cash payment
 * refunded whole and paid again by card, say).
 */
export function towardOpen(shiftId: string, payments: readonly ShiftApartPayment[]): number {
  let cents = 0;
  for (const { amount, paidAt, closedAt, closedIn, refundedBefore } of payments) {
    const open = closedAt === null || paidAt > closedAt || closedIn !== shiftId;
    cents += open ? amount : refundedBefore;
  }
  return cents;
}

/** The payment side of a shift's cash: what the expected-cash rule takes from payments and refunds. */
export type PaymentCash = Pick<CashFlows, 'cashTendered' | 'changeGiven' | 'cashBack' | 'cashRefunds'>;

const MONEY_KEPT = new Set(['approved', 'refunded']);

const emptyMethod = (method: PaymentMethod): MethodSales => ({
  method,
  count: 0,
  amount: 0,
  tip: 0,
  cashback: 0,
  refundCount: 0,
  refunded: 0,
  voidCount: 0,
  voided: 0,
});

/**
 * The cash a shift's payments moved: cash tendered and change of approved (or since refunded) cash
 * payments, cash back of approved cashless ATM payments, and refunds of cash payments handed out.
 * Voided payments moved no cash (a cash payment is voided only while its shift is open).
 */
export function paymentCash(payments: readonly PaymentGroup[], refunds: readonly ShiftRefund[]): PaymentCash {
  const kept = payments.filter((group) => MONEY_KEPT.has(group.status));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    cashTendered: sum(kept.filter((g) => g.entry === 'cash').map((g) => g.tendered)),
    changeGiven: sum(kept.filter((g) => g.entry === 'cash').map((g) => g.change)),
    cashBack: sum(kept.map((g) => g.cashback)),
    cashRefunds: sum(refunds.filter((g) => g.entry === 'cash').map((g) => g.amount)),
  };
}

/**
 * The sales side of a shift's X or Z report, from its payments, refunds (split in `parts` as the
 * store's reports split them: refund-parts.ts), sold orders and what its payments put apart. Its
 * gross, discounts, returns, net and tax are the store's reports' figures (`figuresOf`) over the
 * shift's sales, so a register's day and its shift agree to the cent.
 */
export function shiftSales(
  payments: readonly PaymentGroup[],
  refunds: readonly ShiftRefund[],
  orders: SoldOrders,
  apart: ShiftApart,
  parts?: ReadonlyMap<RefundRow, RefundParts>,
): ShiftSales {
  const byMethod = new Map<string, MethodSales>();
  const of = (method: string) => {
    let sales = byMethod.get(method);
    if (!sales) byMethod.set(method, (sales = emptyMethod(method as PaymentMethod)));
    return sales;
  };
  for (const group of payments) {
    const sales = of(group.method);
    if (MONEY_KEPT.has(group.status)) {
      sales.count += group.count;
      sales.amount += group.amount;
      sales.tip += group.tip;
      sales.cashback += group.cashback;
    } else if (group.status === 'voided') {
      sales.voidCount += group.count;
      sales.voided += group.amount + group.tip + group.cashback;
    }
  }
  for (const refund of refunds) {
    const sales = of(refund.method);
    sales.refundCount += 1;
    sales.refunded += refund.amount;
  }
  const methods = [...byMethod.values()]
    .filter((sales) => sales.count + sales.refundCount + sales.voidCount > 0)
    .sort((a, b) => PAYMENT_METHODS.indexOf(a.method) - PAYMENT_METHODS.indexOf(b.method));
  const figures = figuresOf(periodOf(payments, orders, apart), refunds, parts);
  return {
    byMethod: methods,
    sales: orders.sales,
    customers: orders.identified + orders.anonymous,
    taxes: figures.taxes.map(({ name, amountCents }) => ({ name, amount: amountCents })),
    discounts: figures.discountCents,
    ...(figures.dealDiscounts.length > 0
      ? { dealDiscounts: figures.dealDiscounts.map(({ name, amountCents }) => ({ name, amount: amountCents })) }
      : {}),
    rewardDollars: figures.rewardCents,
    tips: methods.reduce((total, sales) => total + sales.tip, 0),
    summary: summaryOf(figures, apart.paidWithoutOrderCents),
  };
}

/** The shift as a period of the store's reports: its sales, deals, taxes, payments and what they put apart. */
function periodOf(payments: readonly PaymentGroup[], orders: SoldOrders, apart: ShiftApart): PeriodTotals {
  return {
    sales: orders.sales,
    grossCents: orders.gross,
    discountCents: 0 - orders.discount,
    taxCents: orders.tax,
    deliveryCents: orders.delivery,
    rewardCents: 0 - orders.rewardDollars,
    taxes: orders.taxes.flatMap(orderLayers).map(({ name, amount }) => ({ name, amountCents: amount })),
    deals: orders.deals,
    tenders: payments.filter((group) => MONEY_KEPT.has(group.status)),
    paidTowardOpenCents: apart.paidTowardOpenCents,
    paidEarlierCents: apart.paidEarlierCents,
  };
}

/**
 * The "Sales" section: gross to net, and net to what was taken (README "Cash drawers"): the payments
 * less every refund, returns, their tax, tips and money of no sale alike.
 */
function summaryOf(figures: SummaryFigures, paidWithoutOrder: number): ShiftSummary {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const deals = sum(figures.dealDiscounts.map((deal) => deal.amountCents));
  const paid = sum(figures.tenders.map((tender) => tender.amountCents));
  const refunded = sum(figures.tenders.map((tender) => tender.refundedCents));
  return {
    gross: figures.grossCents,
    discounts: figures.discountCents,
    dealDiscounts: deals,
    manualDiscounts: figures.manualDiscountCents,
    otherDiscounts: figures.discountCents - deals - figures.manualDiscountCents,
    returns: figures.returnsCents,
    net: figures.netCents,
    tax: figures.taxCents,
    taxRefunded: figures.returnsTaxCents,
    delivery: figures.deliveryCents,
    rewardDollars: figures.rewardCents,
    rewardDollarsBack: figures.rewardBackCents,
    paidTowardOpen: figures.paidTowardOpenCents,
    paidWithoutOrder,
    paidEarlier: figures.paidEarlierCents,
    tipsRefunded: figures.refundedTipCents,
    taken: paid - refunded,
  };
}

function orderLayers(split: SoldOrders['taxes'][number]): TaxLayer[] {
  const layers =
    split.layers === null ? [{ name: 'Tax', amount: split.tax }] : (JSON.parse(split.layers) as TaxLayer[]);
  return layers.map((layer) => ({ name: layer.name, amount: layer.amount * split.orders }));
}
