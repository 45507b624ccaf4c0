import type { AdjustmentListQuery, AdjustmentPage } from '../../../shared/contracts/inventory.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { findReason, listedReasons, reasonsInWords } from '../../../shared/inventory/adjustment-reasons.js';
import { pageSize } from '../catalog/catalog-query.js';
import { decodeCursor, encodeCursor } from '../db/newest-first.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { ProductsRepository } from '../products/products-repository.js';
import { toAdjustmentView } from './adjustment-view.js';
import type { AdjustmentsRepository } from './adjustments-repository.js';
import type { StoreStock } from './store-stock.js';

/** A real date `YYYY-MM-DD` (2026-02-30 is not one), refused in words naming `field`. */
function realDay(day: string, field: string): string {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    throw invalidInput(field, `must be a real date (YYYY-MM-DD), not "${day}"`);
  }
  return day;
}

/**
 * The reason code a list asks for: one of the store's reasons or the service's own (a customer's
 * return), those the list names and offers; or a code no longer among them (a state profile changed
 * since) that some of its adjustments have. Any other is refused in words, never answered with an
 * empty list a manager would read as "none" (a typo, or the reason's words, "damaged").
 */
async function reasonCode(
  q: Queryable,
  store: Dispensary,
  asked: string,
  from: { stock: StoreStock; adjustments: AdjustmentsRepository },
): Promise<string> {
  const listed = listedReasons(from.stock.reasonsOf(store).reasons);
  const known = findReason(listed, asked);
  if (known) return known.code;
  const code = asked.trim().toLowerCase();
  if (await from.adjustments.hasReason(q, store.id, code)) return code;
  throw invalidInput('reason', `is not a reason of ${store.name}: "${asked}" (${reasonsInWords(listed)})`);
}

/**
 * A page of a store's adjustments, newest first, narrowed by product (id or SKU), package (id or
 * tag), reason and store days (`from` and `to` both included, on the store's calendar).
 */
export async function adjustmentPage(
  q: Queryable,
  store: Dispensary,
  query: AdjustmentListQuery,
  from: { stock: StoreStock; adjustments: AdjustmentsRepository; products: ProductsRepository },
): Promise<Omit<AdjustmentPage, 'resultCode' | 'resultReason'>> {
  const { reasons } = from.stock.reasonsOf(store);
  let productId: string | undefined;
  if (query.product !== undefined) {
    const product = await from.products.get(q, store.id, store.primaryLocationId, query.product);
    if (!product) {
      throw new ServicePayError('NOT_FOUND', `no product of ${store.name} has the id or SKU ${query.product}`);
    }
    productId = product.productId;
  }
  const pkg = query.package === undefined ? undefined : await from.stock.package(q, store, query.package);
  const reason = query.reason ? await reasonCode(q, store, query.reason, from) : undefined;
  const fromDay = query.from === undefined ? undefined : realDay(query.from, 'from');
  const toDay = query.to === undefined ? undefined : realDay(query.to, 'to');
  if (fromDay && toDay && fromDay > toDay) throw invalidInput('to', `must not be before from (${fromDay})`);
  const chosen = { dispensaryId: store.id, productId, packageId: pkg?.packageId, reason, fromDay, toDay };
  // A cursor pages the list of the store and filters it was issued for, and no other.
  const list = { name: 'adjustments', filter: chosen };
  const after = query.cursor ? decodeCursor(list, query.cursor) : undefined;
  const { rows, more } = await from.adjustments.page(q, {
    ...chosen,
    after: after && { at: after.createdAt, id: after.id },
    limit: pageSize(query.limit),
  });
  const last = more ? rows[rows.length - 1] : undefined;
  return {
    adjustments: rows.map((row) => toAdjustmentView(row, reasons)),
    nextCursor: last ? encodeCursor(list, last.at, last.id) : null,
  };
}
