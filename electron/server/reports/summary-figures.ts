import type { NamedAmount, SummaryFigures, SummaryRow, Tender } from '../../../shared/contracts/reports.js';
import { MANUAL_DEAL_ID } from '../../../shared/contracts/manual-discounts.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/contracts/payment.js';
import { dealTotals, type LineDiscount } from '../../../shared/deals/cart.js';
import { nothingApart, paidApart, type ApartPayment, type PaidApart } from './paid-apart.js';
import { partOf, type RefundParts } from './refund-parts.js';
import type { RefundRow, TenderRow } from './report-rows.js';
import { storeHour, type Sale } from './sales-of-rows.js';

/** Named amounts added up by name: biggest first (deals) or by name (tax layers), zeros left out. */
export function addNamed(lists: readonly NamedAmount[][], order: 'amount' | 'name'): NamedAmount[] {
  const totals = new Map<string, number>();
  for (const { name, amountCents } of lists.flat()) totals.set(name, (totals.get(name) ?? 0) + amountCents);
  return [...totals]
    .map(([name, amountCents]) => ({ name, amountCents }))
    .filter((named) => named.amountCents !== 0)
    .sort((a, b) =>
      order === 'amount' ? b.amountCents - a.amountCents || a.name.localeCompare(b.name) : a.name.localeCompare(b.name),
    );
}

const zeroTender = (method: PaymentMethod): Tender => ({
  method,
  count: 0,
  amountCents: 0,
  tipCents: 0,
  cashBackCents: 0,
  refundedCents: 0,
});

/**
 * What a period's sales and payments add up to, before its refunds: from rows or from SQL sums. With
 * what it put apart (paid-apart.ts): gross − discounts + tax + delivery − rewards + paid toward open
 * orders − paid on earlier days = the tenders' amount.
 */
export interface PeriodTotals extends PaidApart {
  sales: number;
  grossCents: number;
  discountCents: number;
  taxCents: number;
  deliveryCents: number;
  rewardCents: number;
  /** Every sale's tax layers, in any order (added up by name). */
  taxes: NamedAmount[];
  /** Every sold line's deal discounts, in the order the sales closed (a deal's name is its first). */
  deals: LineDiscount[];
  /** Approved payments, one or several a row, in any order. */
  tenders: { method: string; count: number; amount: number; tip: number; cashback: number }[];
}

/** One period's figures from its sales, refunds and payments, and what its payments put apart. */
export function summaryFigures(
  sales: readonly Sale[],
  refunds: readonly RefundRow[],
  tenders: readonly TenderRow[],
  apart: PaidApart = nothingApart(),
  parts?: ReadonlyMap<RefundRow, RefundParts>,
): SummaryFigures {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return figuresOf(
    {
      sales: sales.length,
      grossCents: sum(sales.map((sale) => sale.grossCents)),
      discountCents: sum(sales.map((sale) => sale.discountCents)),
      taxCents: sum(sales.map((sale) => sale.taxCents)),
      deliveryCents: sum(sales.map((sale) => sale.deliveryCents)),
      rewardCents: sum(sales.map((sale) => sale.rewardCents)),
      taxes: sales.flatMap((sale) => sale.taxes.map((layer) => ({ name: layer.name, amountCents: layer.amount }))),
      deals: sales.flatMap((sale) => sale.lines.flatMap((line) => line.deals)),
      tenders: tenders.map((payment) => ({ ...payment, count: 1 })),
      ...apart,
    },
    refunds,
    parts,
  );
}

/**
 * One period's figures from what its sales and payments add up to, and its refunds split in their
 * parts (refund-parts.ts; a refund without parts is all of it a return). Every refund is its
 * method's; a return's tax is its own figure; what was handed back of no sale lowers what was paid
 * toward open orders.
 */
export function figuresOf(
  totals: PeriodTotals,
  refunds: readonly RefundRow[],
  parts?: ReadonlyMap<RefundRow, RefundParts>,
): SummaryFigures {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const manual = totals.deals.filter((deal) => deal.dealId === MANUAL_DEAL_ID);
  const byMethod = new Map<string, Tender>();
  const tender = (method: string) => {
    let found = byMethod.get(method);
    if (!found) byMethod.set(method, (found = zeroTender(method as PaymentMethod)));
    return found;
  };
  for (const payment of totals.tenders) {
    const found = tender(payment.method);
    found.count += payment.count;
    found.amountCents += payment.amount;
    found.tipCents += payment.tip;
    found.cashBackCents += payment.cashback;
  }
  for (const refund of refunds) tender(refund.method).refundedCents += refund.amount;
  const { grossCents, discountCents } = totals;
  const split = refunds.map(partOf(parts));
  const returnsCents = sum(split.map((part) => part.returnCents));
  const methods = [...byMethod.values()].sort(
    (a, b) => PAYMENT_METHODS.indexOf(a.method) - PAYMENT_METHODS.indexOf(b.method),
  );
  return {
    sales: totals.sales,
    grossCents,
    discountCents,
    dealDiscounts: dealTotals(totals.deals.filter((deal) => deal.dealId !== MANUAL_DEAL_ID)).map(
      ({ name, amountCents }) => ({ name, amountCents }),
    ),
    manualDiscountCents: sum(manual.map((deal) => deal.amountCents)),
    returnsCents,
    netCents: grossCents - discountCents - returnsCents,
    taxes: addNamed([totals.taxes], 'name'),
    taxCents: totals.taxCents,
    returnsTaxCents: sum(split.map((part) => part.taxCents)),
    deliveryCents: totals.deliveryCents,
    rewardCents: totals.rewardCents,
    rewardBackCents: sum(split.map((part) => part.rewardCents)),
    tenders: methods,
    refundedTipCents: sum(split.map((part) => part.tipCents)),
    paidTowardOpenCents: totals.paidTowardOpenCents - sum(split.map((part) => part.openCents)),
    paidEarlierCents: totals.paidEarlierCents,
    cashBackCents: sum(methods.map((method) => method.cashBackCents)),
    tipCents: sum(methods.map((method) => method.tipCents)),
    averageSaleCents: totals.sales === 0 ? 0 : Math.round((grossCents - discountCents) / totals.sales),
  };
}

/** Figures added up (a range's days, a chain's stores); the average taken again from the sums. */
export function addSummaries(list: readonly SummaryFigures[]): SummaryFigures {
  const sum = (pick: (figures: SummaryFigures) => number) => list.reduce((total, f) => total + pick(f), 0);
  const byMethod = new Map<string, Tender>();
  for (const tender of list.flatMap((figures) => figures.tenders)) {
    const found = byMethod.get(tender.method) ?? zeroTender(tender.method);
    byMethod.set(tender.method, {
      method: tender.method,
      count: found.count + tender.count,
      amountCents: found.amountCents + tender.amountCents,
      tipCents: found.tipCents + tender.tipCents,
      cashBackCents: found.cashBackCents + tender.cashBackCents,
      refundedCents: found.refundedCents + tender.refundedCents,
    });
  }
  const sales = sum((f) => f.sales);
  const grossCents = sum((f) => f.grossCents);
  const discountCents = sum((f) => f.discountCents);
  return {
    sales,
    grossCents,
    discountCents,
    dealDiscounts: addNamed(
      list.map((f) => f.dealDiscounts),
      'amount',
    ),
    manualDiscountCents: sum((f) => f.manualDiscountCents),
    returnsCents: sum((f) => f.returnsCents),
    netCents: sum((f) => f.netCents),
    taxes: addNamed(
      list.map((f) => f.taxes),
      'name',
    ),
    taxCents: sum((f) => f.taxCents),
    returnsTaxCents: sum((f) => f.returnsTaxCents),
    deliveryCents: sum((f) => f.deliveryCents),
    rewardCents: sum((f) => f.rewardCents),
    rewardBackCents: sum((f) => f.rewardBackCents),
    tenders: [...byMethod.values()].sort(
      (a, b) => PAYMENT_METHODS.indexOf(a.method) - PAYMENT_METHODS.indexOf(b.method),
    ),
    refundedTipCents: sum((f) => f.refundedTipCents),
    paidTowardOpenCents: sum((f) => f.paidTowardOpenCents),
    paidEarlierCents: sum((f) => f.paidEarlierCents),
    cashBackCents: sum((f) => f.cashBackCents),
    tipCents: sum((f) => f.tipCents),
    averageSaleCents: sales === 0 ? 0 : Math.round((grossCents - discountCents) / sales),
  };
}

/**
 * The summary's rows, one per store day of `days`: sales and payments by the day they were taken,
 * refunds (split in `parts`) by the day handed out or (`bySaleDay`) by their sale's day, and what the payments of
 * orders paid over several days (`apart`) put apart.
 */
export function summaryRows(
  days: readonly string[],
  timeZone: string,
  sales: readonly Sale[],
  refunds: readonly RefundRow[],
  tenders: readonly TenderRow[],
  bySaleDay: boolean,
  apart: readonly ApartPayment[],
  parts?: ReadonlyMap<RefundRow, RefundParts>,
): SummaryRow[] {
  const dayOf = (at: string) => storeHour(at, timeZone).day;
  const bucket = <T>(items: readonly T[], at: (item: T) => string) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      const day = dayOf(at(item));
      const list = map.get(day);
      if (list) list.push(item);
      else map.set(day, [item]);
    }
    return map;
  };
  const salesByDay = new Map<string, Sale[]>();
  for (const sale of sales) {
    const list = salesByDay.get(sale.day);
    if (list) list.push(sale);
    else salesByDay.set(sale.day, [sale]);
  }
  const refundsByDay = bucket(refunds, (refund) => (bySaleDay ? refund.saleAt : refund.at));
  const tendersByDay = bucket(tenders, (tender) => tender.completedAt);
  const inRange = new Set(days);
  const apartByDay = paidApart(apart, (at) => (inRange.has(dayOf(at)) ? dayOf(at) : null));
  return days.map((day) => ({
    day,
    ...summaryFigures(
      salesByDay.get(day) ?? [],
      refundsByDay.get(day) ?? [],
      tendersByDay.get(day) ?? [],
      apartByDay.get(day),
      parts,
    ),
  }));
}
