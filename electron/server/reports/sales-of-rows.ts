import type { LineDiscount } from '../../../shared/deals/cart.js';
import { spread } from '../../../shared/deals/units.js';
import { amountParts, type AmountShare, type EarlierRefund } from '../../../shared/refunds/amount-shares.js';
import type { TaxLayer } from '../../../shared/tax-layers.js';
import { zonedParts } from '../../../shared/zoned-day.js';
import type { SoldLine } from './report-rows.js';

/** One line of a sale as the reports count it, order-level discounts shared in. */
export interface CountedLine {
  /** The order line's id, which a refund by items names ('' where not known). */
  itemId?: string;
  productId: string;
  category: string;
  brand: string;
  name: string;
  quantityMilli: number;
  /** Its quantity when sold by weight (thousandths of a gram), else 0. */
  weighedMilli: number;
  grossCents: number;
  /** Positive: the line's own discounts and its share of the order's tier discount. */
  discountCents: number;
  taxCents: number;
  /** Null when its package's cost is not known. */
  costCents: number | null;
  deals: LineDiscount[];
}

/** A closed sale with the store day, hour and people the reports group it by. */
export interface Sale {
  orderId: string;
  closedAt: string;
  day: string;
  hour: number;
  register: string | null;
  budtender: string;
  customerType: string;
  grossCents: number;
  discountCents: number;
  taxCents: number;
  taxes: TaxLayer[];
  deliveryCents: number;
  rewardCents: number;
  lines: CountedLine[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The store day and hour of an instant in the store's time zone (DST aware). */
export function storeHour(at: string, timeZone: string): { day: string; hour: number } {
  const parts = zonedParts(new Date(at), timeZone);
  return { day: `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`, hour: parts.hour };
}

function taxesOf(row: SoldLine): TaxLayer[] {
  if (row.taxLayers === null) return row.orderTax === 0 ? [] : [{ name: 'Tax', amount: row.orderTax }];
  return (JSON.parse(row.taxLayers) as TaxLayer[]).map((layer) => ({ name: layer.name, amount: Number(layer.amount) }));
}

/** What a line's package cost: its quantity at the package's exact cost, rounded half up; null when not known. */
const costOf = ({ costCents, costMilli, quantityMilli }: SoldLine) =>
  costCents === null || costMilli === null
    ? null
    : Math.floor((2 * (quantityMilli ?? 0) * costCents + costMilli) / (2 * costMilli));

/**
 * The rows of sold lines (ordered by order) as sales, each order's tier discount shared among its
 * lines (`shareTier` false: each line with its own discounts only, as SQL adds them up).
 */
export function salesOf(rows: readonly SoldLine[], timeZone: string, shareTier = true): Sale[] {
  const sales: Sale[] = [];
  let current: Sale | undefined;
  for (const row of rows) {
    if (current?.orderId !== row.orderId) {
      const { day, hour } = storeHour(row.closedAt, timeZone);
      current = {
        orderId: row.orderId,
        closedAt: row.closedAt,
        day,
        hour,
        register: row.register,
        budtender: row.createdBy,
        customerType: row.customerType ?? 'adult_use',
        grossCents: row.orderSubTotal,
        discountCents: -(row.orderDiscount + row.tierDiscount),
        taxCents: row.orderTax,
        taxes: taxesOf(row),
        deliveryCents: row.delivery,
        rewardCents: -row.payByPoints,
        lines: [],
      };
      sales.push(current);
    }
    if (row.lineIndex === null) continue;
    current.lines.push({
      itemId: row.itemId ?? '',
      productId: row.productId ?? '',
      category: row.category ?? '',
      brand: row.brand ?? '',
      name: row.name ?? '',
      quantityMilli: row.quantityMilli ?? 0,
      weighedMilli: row.deli === 1 ? (row.quantityMilli ?? 0) : 0,
      grossCents: row.lineSubTotal ?? 0,
      discountCents: -(row.lineDiscount ?? 0),
      taxCents: row.lineTax ?? 0,
      costCents: costOf(row),
      deals: row.dealDiscounts ? (JSON.parse(row.dealDiscounts) as LineDiscount[]) : [],
    });
  }
  if (shareTier) for (const sale of sales) shareTierDiscount(sale);
  return sales;
}

/** The order's tier discount (not kept by line) shared among its lines by what each came to. */
function shareTierDiscount(sale: Sale): void {
  const lineDiscounts = sale.lines.reduce((sum, line) => sum + line.discountCents, 0);
  const tier = sale.discountCents - lineDiscounts;
  if (tier === 0 || sale.lines.length === 0) return;
  const weights = sale.lines.map((line) => Math.max(0, line.grossCents - line.discountCents));
  const sign = Math.sign(tier);
  const shares = spread(Math.abs(tier), weights.some((w) => w > 0) ? weights : weights.map(() => 1));
  sale.lines.forEach((line, index) => (line.discountCents += sign * shares[index]!));
}

/**
 * A refund shared among its sale's lines in proportion to what each came to with its tax; a sale
 * without lines (or no sale) keeps it whole, at index -1. A refund by items (`returned`, the lines it
 * gave back) is shared among those lines alone, by what each gave back.
 */
export function refundShares(
  amount: number,
  sale: Sale | undefined,
  returned: readonly ReturnedWorth[] = [],
): number[] {
  if (!sale || sale.lines.length === 0) return [];
  const own = returnedWeights(sale, returned);
  if (own) return spread(amount, own);
  const weights = sale.lines.map((line) => Math.max(0, line.grossCents - line.discountCents + line.taxCents));
  return spread(amount, weights.some((w) => w > 0) ? weights : weights.map(() => 1));
}

/**
 * A refund of an amount shared over its sale's lines as shared/refunds/amount-shares.ts shares it,
 * the sale's `earlier` refunds replayed (README "Refunds by items"): by what each line still holds
 * of what it came to with its tax, its tax in proportion, so a line given back before or after it
 * never gives back more than it came to. Undefined when no line holds anything any more (all came
 * back: what it gives back beyond the lines, their delivery, is shared as `refundShares` shares it).
 */
export function amountOverLines(
  amount: number,
  sale: Sale,
  earlier: readonly EarlierRefund[],
): AmountShare[] | undefined {
  const lines = sale.lines.map((line) => ({
    itemId: line.itemId ?? '',
    quantityMilli: line.quantityMilli,
    lineTaxCents: line.taxCents,
  }));
  const worths = sale.lines.map((line) => Math.max(0, line.grossCents - line.discountCents + line.taxCents));
  const parts = amountParts(lines, worths, earlier, amount);
  return parts.some((part) => part.cents > 0) ? parts : undefined;
}

/** What a refund by items gave back of one line (refund_lines). */
export interface ReturnedWorth {
  itemId: string;
  amountCents: number;
}

/** Each sale line's part of the lines a refund gave back, or undefined when it names none of them. */
export function returnedWeights(sale: Sale, returned: readonly ReturnedWorth[]): number[] | undefined {
  if (returned.length === 0) return undefined;
  const weights = sale.lines.map((line) =>
    returned.reduce((sum, back) => sum + (back.itemId === line.itemId ? Math.max(0, back.amountCents) : 0), 0),
  );
  if (weights.some((w) => w > 0)) return weights;
  // Lines worth nothing given back: their refund (if any) is theirs all the same, shared equally.
  const named = sale.lines.map((line) => (returned.some((back) => back.itemId === line.itemId) ? 1 : 0));
  return named.some((w) => w > 0) ? named : undefined;
}
