import type { OrderCode } from '../../../shared/contracts/order-history.js';
import type { LineDiscount } from '../../../shared/deals/engine.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { codeOutcomes } from './code-outcomes.js';

/** What the order keeps of its codes: the codes typed (JSON, upper case) and when it was made. */
export interface OrderOfCodes {
  id: string;
  dispensaryId: string;
  promoCodes: string;
  createdAt: string;
}

/**
 * Each promo code typed on the order with what it took off (code-outcomes.ts), from its lines' deal
 * discounts and the store's deals now: those its lines name and those holding a typed code, read here
 * with a query of their own (deals depend on tickets, not the other way round).
 */
export async function orderCodes(db: DataLayer, q: Queryable, order: OrderOfCodes): Promise<OrderCode[]> {
  const typed = JSON.parse(order.promoCodes) as string[];
  if (typed.length === 0) return [];
  const k = db.builder;
  const lines = await q.all(
    k.selectFrom('order_items').select('deal_discounts as discounts').where('order_id', '=', order.id),
  );
  const discounts = lines.flatMap((line) => JSON.parse(line.discounts) as LineDiscount[]);
  const ids = [...new Set(discounts.map((discount) => discount.dealId))];
  const rows = await q.all(
    k
      .selectFrom('deals')
      .select(['id', 'code', 'trigger', 'updated_at as updatedAt'])
      .where('dispensary_id', '=', order.dispensaryId)
      .where((eb) =>
        ids.length > 0 ? eb.or([eb('code', 'in', typed), eb('id', 'in', ids)]) : eb('code', 'in', typed),
      ),
  );
  const soldAt = Date.parse(order.createdAt);
  const deals = rows.map(({ updatedAt, ...deal }) => ({ ...deal, changedSince: Date.parse(updatedAt) > soldAt }));
  return codeOutcomes(typed, discounts, deals);
}
