import { toDollarNumber } from '../../../shared/money.js';
import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import type { OrderItemRecord } from '../tickets/order-records.js';

/** Metrc's names of the weight units a deli (by weight) line is sold in. */
const WEIGHT_UNITS: Record<string, string> = { g: 'Grams', mg: 'Milligrams', oz: 'Ounces', lb: 'Pounds' };

/** Metrc's UnitOfMeasure of a product: its weight unit when weighed at the counter, else "Each". */
export function unitOfMeasure(deli: boolean, unitType: string): string {
  return deli ? (WEIGHT_UNITS[unitType] ?? 'Grams') : 'Each';
}

/**
 * The package lines of a sale as the state receives them: every line that carries a package tag
 * (accessories without one are not tracked). A pre-packed product is counted in units ("Each"), a
 * deli line by its weight; its amount is what the customer paid for it before tax (after its
 * discount), in cents.
 */
export function saleLines(items: readonly OrderItemRecord[]): StateRecordLine[] {
  return items
    .filter((item) => item.packageLabel.trim() !== '')
    .map((item) => ({
      packageLabel: item.packageLabel,
      quantity: item.quantityMilli / 1000,
      unitOfMeasure: unitOfMeasure(item.deli, item.unitType),
      totalCents: item.lineSubTotalCents + item.lineDiscountCents,
    }));
}

/**
 * The sale's lines once `refunded` of the order's `orderTotal` cents went back: each line's amount
 * lowered by the same share (the whole reduction, rounded to the cent, spread by largest remainder
 * so the lines still add up). Quantities stay: a refund of an amount gives money back, not packages
 * (refunds by items give packages back: kept-lines.ts).
 */
export function netOfRefunds(
  lines: readonly StateRecordLine[],
  refunded: number,
  orderTotal: number,
): StateRecordLine[] {
  const gross = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const share = orderTotal <= 0 ? 1 : Math.min(1, refunded / orderTotal);
  const reduction = Math.round(gross * share);
  const exact = lines.map((line) => (gross === 0 ? 0 : (line.totalCents * reduction) / gross));
  const cuts = exact.map(Math.floor);
  let left = reduction - cuts.reduce((sum, cut) => sum + cut, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    cuts[index]! += 1;
    left -= 1;
  }
  return lines.map((line, index) => ({ ...line, totalCents: line.totalCents - cuts[index]! }));
}

/** Metrc's SalesDateTime: the store's wall clock at `at`, `YYYY-MM-DDTHH:mm:ss`. */
export function storeDateTime(at: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  })
    .formatToParts(typeof at === 'string' ? new Date(at) : at)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** A line total in cents as Metrc's decimal amount. */
export const metrcAmount = (cents: number) => toDollarNumber(cents);
