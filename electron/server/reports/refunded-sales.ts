import type { Queryable } from '../db/query.js';
import { partsOf, type RefundParts } from './refund-parts.js';
import type { ReadRefund, RefundRow, ReportRows } from './report-rows.js';
import { salesOf, type Sale } from './sales-of-rows.js';

/** The sales the refunds hand money back for, by order (wherever their days are). */
export async function refundedSales(
  rows: ReportRows,
  q: Queryable,
  refunds: readonly RefundRow[],
  timeZone: string,
): Promise<Map<string, Sale>> {
  const orderIds = [...new Set(refunds.flatMap((refund) => (refund.orderId ? [refund.orderId] : [])))];
  if (orderIds.length === 0) return new Map();
  return new Map(salesOf(await rows.ofOrders(q, orderIds), timeZone).map((sale) => [sale.orderId, sale]));
}

/** Each refund split in its parts (refund-parts.ts), its sale read. */
export async function splitRefunds(
  rows: ReportRows,
  q: Queryable,
  refunds: readonly ReadRefund[],
  timeZone: string,
): Promise<Map<RefundRow, RefundParts>> {
  await rows.refundLines(q, refunds);
  return partsOf(refunds, await refundedSales(rows, q, refunds, timeZone));
}
