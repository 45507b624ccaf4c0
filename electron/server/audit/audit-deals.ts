import { dealTotals } from '../../../shared/deals/cart.js';
import type { LineDiscount } from '../../../shared/deals/engine.js';
import type { Queryable } from '../db/query.js';
import type { DataLayer } from '../db/data-layer.js';

/**
 * What the store's deals took off the sales paid in a store day (README "Audit trail"), by deal,
 * biggest first: the lines of the orders whose paying payment (it closed the sale) was taken then,
 * as a drawer's X/Z report counts them for its shift.
 */
export async function dealDiscountsOfDay(
  db: DataLayer,
  q: Queryable,
  dispensaryId: string,
  from: string,
  to: string,
): Promise<{ name: string; amount: number }[]> {
  const lines = await q.all(
    db.builder
      .selectFrom('payments as pay')
      .innerJoin('order_items as i', 'i.order_id', 'pay.order_id')
      .select('i.deal_discounts as deals')
      .where('pay.dispensary_id', '=', dispensaryId)
      .where('pay.created_at', '>=', from)
      .where('pay.created_at', '<', to)
      .where('pay.status', 'in', ['approved', 'refunded'])
      .where('pay.closes_sale', '=', 1)
      .where('i.deal_discounts', '!=', '[]'),
  );
  const discounts = lines.flatMap((line) => JSON.parse(line.deals) as LineDiscount[]);
  return dealTotals(discounts).map(({ name, amountCents }) => ({ name, amount: amountCents }));
}
