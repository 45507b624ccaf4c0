import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import type { LoyaltyEntry } from '../../../shared/contracts/loyalty';
import type { Ticket } from '../../../shared/contracts/ticket';
import { lineDiscounts, type LineDiscountKind } from '../../../shared/deals/line-discounts';
import { dollarsToCents } from '../../../shared/money';
import { centsOf } from '../../common/format';

// What an order's discounts were, for a manager about to refund it: each promotion, deal and manual
// discount by name with what it took off the whole order, the promo codes typed, the customer's points
// the sale moved, and what its payments gave back.

/** One discount of an order by name, with what it took off its lines in all (positive cents). */
export interface OrderDiscount {
  kind: LineDiscountKind;
  name: string;
  cents: number;
}

/**
 * Every discount of the order's lines by name (a deal on three lines once, its amounts added), as the
 * receipt names them: the products' promotions, the deals, the discounts by hand; biggest first.
 */
export function orderDiscounts(order: Pick<Ticket, 'items'>): OrderDiscount[] {
  const byName = new Map<string, OrderDiscount>();
  for (const item of order.items) {
    const afterCents = centsOf(item.priceSell);
    const named = lineDiscounts({
      beforeCents: dollarsToCents(item.originalPrice) ?? afterCents,
      afterCents,
      description: item.discountDescription,
      discounts: item.discounts.map(({ dealId, name, amount }) => ({ dealId, name, amountCents: centsOf(amount) })),
    });
    for (const { kind, name, amountCents } of named) {
      const key = `${kind}:${name}`;
      const seen = byName.get(key);
      if (seen) seen.cents += amountCents;
      else byName.set(key, { kind, name, cents: amountCents });
    }
  }
  return [...byName.values()].filter((entry) => entry.cents > 0).sort((a, b) => b.cents - a.cents);
}

/** The loyalty points a sale moved for its customer: earned (less what refunds took back) and spent (less what came back). */
export interface OrderPoints {
  earned: number;
  spent: number;
}

/** What the customer's entries of `orderId` moved, as the receipt counts it; null when none moved. */
export function orderPoints(
  entries: readonly Pick<LoyaltyEntry, 'kind' | 'points' | 'orderId'>[],
  orderId: string,
): OrderPoints | null {
  let earned = 0;
  let spent = 0;
  for (const entry of entries) {
    if (entry.orderId !== orderId) continue;
    if (entry.kind === 'earned' || entry.kind === 'reversed') earned += entry.points;
    if (entry.kind === 'spent' || entry.kind === 'returned') spent -= entry.points;
  }
  return earned === 0 && spent === 0 ? null : { earned, spent };
}

/** "42 earned · 250 spent", as the receipt says it. */
export function pointsWords({ earned, spent }: OrderPoints): string {
  const count = (points: number) => points.toLocaleString('en-US');
  return [earned ? `${count(earned)} earned` : '', spent ? `${count(spent)} spent` : ''].filter(Boolean).join(' · ');
}

/** Cents the order's payments gave back by their refunds (0: none). */
export const refundedCents = (payments: readonly Pick<ListedPayment, 'refundedAmount'>[]): number =>
  payments.reduce((cents, payment) => cents + payment.refundedAmount, 0);
