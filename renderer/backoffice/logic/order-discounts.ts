import type { ListedPayment } from '../../../shared/contracts/payment-reports';
import type { Ticket } from '../../../shared/contracts/ticket';
import { lineDiscounts, type LineDiscountKind } from '../../../shared/deals/line-discounts';
import { dollarsToCents } from '../../../shared/money';
import { centsOf } from '../../common/format';

// What an order's discounts were, for a manager about to refund it: each promotion, deal and manual
// discount by name with what it took off the whole order, the promo codes typed, and what its payments
// gave back (the points it moved: shared/loyalty/order-moves.ts).

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

/** Cents the order's payments gave back by their refunds (0: none). */
export const refundedCents = (payments: readonly Pick<ListedPayment, 'refundedAmount'>[]): number =>
  payments.reduce((cents, payment) => cents + payment.refundedAmount, 0);
