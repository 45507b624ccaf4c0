import type { NamedAmount, SummaryRow } from '../../../shared/contracts/reports.js';
import type { LineDiscount } from '../../../shared/deals/cart.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import type { RefundParts } from './refund-parts.js';
import type { RefundRow } from './report-rows.js';
import type { DealSums, SaleSums, TenderSums } from './day-sums.js';
import { paidApart, type ApartPayment } from './paid-apart.js';
import { dayAt, type StoreDays } from './store-days.js';
import { figuresOf, type PeriodTotals } from './summary-figures.js';

export const zeroTotals = (): PeriodTotals => ({
  sales: 0,
  grossCents: 0,
  discountCents: 0,
  taxCents: 0,
  deliveryCents: 0,
  rewardCents: 0,
  taxes: [],
  deals: [],
  tenders: [],
  paidTowardOpenCents: 0,
  paidEarlierCents: 0,
});

/** A group of sales' tax layers: each of its sales has the same (`count` of them). */
function layersOf(sums: SaleSums): NamedAmount[] {
  if (sums.taxLayers === null) return sums.taxCents === 0 ? [] : [{ name: 'Tax', amountCents: sums.taxCents }];
  return (JSON.parse(sums.taxLayers) as TaxLayer[]).map((layer) => ({
    name: layer.name,
    amountCents: Number(layer.amount) * sums.sales,
  }));
}

/** Amounts added up by `key`, in the order each key came first (its first entry's other fields kept). */
function addedUp<T extends { amountCents: number }>(items: readonly T[], key: (item: T) => string): T[] {
  const found = new Map<string, T>();
  for (const item of items) {
    const sum = found.get(key(item));
    found.set(key(item), sum ? { ...sum, amountCents: sum.amountCents + item.amountCents } : { ...item });
  }
  return [...found.values()];
}

/**
 * One day's totals made small to keep (report_day_totals): tax layers by name, deal discounts by
 * deal (each deal's first name, in the order deals came first, as `dealTotals` reads them) and
 * payments by method. Figures made from them are those of the whole lists.
 */
export function compact(totals: PeriodTotals): PeriodTotals {
  const tenders = new Map<string, PeriodTotals['tenders'][number]>();
  for (const tender of totals.tenders) {
    const sum = tenders.get(tender.method) ?? { method: tender.method, count: 0, amount: 0, tip: 0, cashback: 0 };
    tenders.set(tender.method, {
      method: tender.method,
      count: sum.count + tender.count,
      amount: sum.amount + tender.amount,
      tip: sum.tip + tender.tip,
      cashback: sum.cashback + tender.cashback,
    });
  }
  return {
    ...totals,
    taxes: addedUp(totals.taxes, (layer) => layer.name),
    deals: addedUp<LineDiscount>(totals.deals, (deal) => deal.dealId),
    tenders: [...tenders.values()],
  };
}

/**
 * What each store day of `days` adds up to from SQL sums (day-sums.ts), before its refunds, with
 * what the payments of orders paid over several days (`apart`) put apart.
 */
export function dayTotals(
  days: StoreDays,
  sales: readonly SaleSums[],
  deals: readonly DealSums[],
  tenders: readonly TenderSums[],
  apart: readonly ApartPayment[],
): Map<string, PeriodTotals> {
  const totals = new Map(days.days.map((day) => [day, zeroTotals()]));
  const of = (at: string) => totals.get(dayAt(days, at))!;
  for (const sums of sales) {
    const day = of(sums.at);
    day.sales += sums.sales;
    day.grossCents += sums.grossCents;
    day.discountCents -= sums.orderDiscountCents;
    day.taxCents += sums.taxCents;
    day.deliveryCents += sums.deliveryCents;
    day.rewardCents -= sums.payByPointsCents;
    day.taxes.push(...layersOf(sums));
  }
  for (const line of deals) of(line.at).deals.push(...(JSON.parse(line.deals) as LineDiscount[]));
  for (const sums of tenders) of(sums.at).tenders.push(sums);
  const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
  const inRange = (at: string) => (at >= start && at < end ? dayAt(days, at) : null);
  for (const [day, figures] of paidApart(apart, inRange)) Object.assign(totals.get(day)!, figures);
  return totals;
}

/**
 * The summary's rows, the same figures as `summaryRows` makes from rows: each day's totals (sales
 * and payments by the store day they were taken) with the refunds of the day handed out or
 * (`bySaleDay`) of their sale's day, found among the days' first instants, split in `parts`.
 */
export function summedRows(
  days: StoreDays,
  totals: (day: string) => PeriodTotals,
  refunds: readonly RefundRow[],
  bySaleDay: boolean,
  parts?: ReadonlyMap<RefundRow, RefundParts>,
): SummaryRow[] {
  const refundsByDay = new Map<string, RefundRow[]>();
  const [start, end] = [days.starts[0]!, days.starts.at(-1)!];
  for (const refund of refunds) {
    const at = bySaleDay ? refund.saleAt : refund.at;
    if (at < start || at >= end) continue;
    const day = dayAt(days, at);
    const list = refundsByDay.get(day);
    if (list) list.push(refund);
    else refundsByDay.set(day, [refund]);
  }
  return days.days.map((day) => ({ day, ...figuresOf(totals(day), refundsByDay.get(day) ?? [], parts) }));
}
