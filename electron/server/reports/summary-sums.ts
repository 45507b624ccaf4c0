import type { NamedAmount, SummaryRow } from '../../../shared/contracts/reports.js';
import type { LineDiscount } from '../../../shared/deals/cart.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import type { RefundRow } from './report-rows.js';
import type { DealSums, SaleSums, TenderSums } from './day-sums.js';
import { storeHour } from './sales-of-rows.js';
import { dayAt, type StoreDays } from './store-days.js';
import { figuresOf, type PeriodTotals } from './summary-figures.js';

const zeroTotals = (): PeriodTotals => ({
  sales: 0,
  grossCents: 0,
  discountCents: 0,
  taxCents: 0,
  deliveryCents: 0,
  rewardCents: 0,
  taxes: [],
  deals: [],
  tenders: [],
});

/** A group of sales' tax layers: each of its sales has the same (`count` of them). */
function layersOf(sums: SaleSums): NamedAmount[] {
  if (sums.taxLayers === null) return sums.taxCents === 0 ? [] : [{ name: 'Tax', amountCents: sums.taxCents }];
  return (JSON.parse(sums.taxLayers) as TaxLayer[]).map((layer) => ({
    name: layer.name,
    amountCents: Number(layer.amount) * sums.sales,
  }));
}

/**
 * The summary's rows from SQL sums (report-sums.ts), the same figures as `summaryRows` makes from
 * rows: sales and payments by the store day they were taken, refunds by the day handed out or
 * (`bySaleDay`) their sale's day.
 */
export function summedRows(
  days: StoreDays,
  timeZone: string,
  sales: readonly SaleSums[],
  deals: readonly DealSums[],
  tenders: readonly TenderSums[],
  refunds: readonly RefundRow[],
  bySaleDay: boolean,
): SummaryRow[] {
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
  const refundsByDay = new Map<string, RefundRow[]>();
  for (const refund of refunds) {
    const day = storeHour(bySaleDay ? refund.saleAt : refund.at, timeZone).day;
    const list = refundsByDay.get(day);
    if (list) list.push(refund);
    else refundsByDay.set(day, [refund]);
  }
  return days.days.map((day) => ({ day, ...figuresOf(totals.get(day)!, refundsByDay.get(day) ?? []) }));
}
