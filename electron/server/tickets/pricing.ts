import { applyRate, divideRoundHalfUp, type Cents, type Ppm } from '../../../shared/money.js';
import type { MilliQuantity } from '../../../shared/quantity.js';

/** What pricing needs to know about one filled line. */
export interface LineInput {
  unitPriceCents: Cents;
  quantityMilli: MilliQuantity;
  discountPpm: Ppm;
  taxRatePpm: Ppm;
  /** The line's amount when it is set by the product (a weighed product's price break), not by the unit price. */
  amountCents?: Cents;
}

/** A priced line: its amount before discount, its (negative or zero) discount and its tax. */
export interface PricedLine {
  subTotalCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
}

/** The totals of a ticket; they always reconcile (see totalTicket). */
export interface TicketTotals {
  subTotal: Cents;
  discount: Cents;
  tierDiscount: Cents;
  adjustedSubTotal: Cents;
  tax: Cents;
  deliveryCost: Cents;
  payByPoints: Cents;
  total: Cents;
}

/**
 * Prices one line: amount = unit price × quantity (rounded half-up to the cent for weighed
 * quantities) unless the line's amount is given (a price break), discount = amount × promotion rate (rounded half-up, negative), and tax on the
 * discounted amount at the line's combined rate, rounded half-up once per line.
 */
export function priceLine(line: LineInput): PricedLine {
  const subTotalCents = line.amountCents ?? divideRoundHalfUp(line.unitPriceCents * line.quantityMilli, 1000);
  const discountCents = -applyRate(subTotalCents, line.discountPpm) || 0;
  const taxCents = applyRate(subTotalCents + discountCents, line.taxRatePpm);
  return { subTotalCents, discountCents, taxCents };
}

/**
 * Sums priced lines into the ticket totals:
 * adjustedSubTotal = subTotal + discount + tierDiscount, and
 * total = adjustedSubTotal + tax + deliveryCost + payByPoints,
 * where payByPoints is the reward dollars spent, negative, capped so the total never goes below zero.
 */
export function totalTicket(
  lines: readonly PricedLine[],
  extras: { rewardCents: Cents; deliveryCents: Cents; tierDiscountCents: Cents },
): TicketTotals {
  const subTotal = lines.reduce((sum, line) => sum + line.subTotalCents, 0);
  const discount = lines.reduce((sum, line) => sum + line.discountCents, 0);
  const tax = lines.reduce((sum, line) => sum + line.taxCents, 0);
  const tierDiscount = extras.tierDiscountCents;
  const adjustedSubTotal = subTotal + discount + tierDiscount;
  const beforePoints = adjustedSubTotal + tax + extras.deliveryCents;
  const payByPoints = -Math.min(extras.rewardCents, Math.max(0, beforePoints)) || 0;
  return {
    subTotal,
    discount,
    tierDiscount,
    adjustedSubTotal,
    tax,
    deliveryCost: extras.deliveryCents,
    payByPoints,
    total: beforePoints + payByPoints,
  };
}
