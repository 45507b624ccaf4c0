import { ORDER_STATUSES } from '../../../shared/order-status.js';
import type { PackageStock } from '../catalog/stock-claims.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';

/** Thousandths as a plain quantity: 1500 → "1.5". */
export const quantity = (milli: number) => String(milli / 1000);

/** The statuses of an order that holds its units: it may still be handed over or canceled. */
const OPEN = ORDER_STATUSES.filter((status) => status !== 'COMPLETED' && status !== 'CANCELED');

/** How many of the open orders a shortfall names; the rest are counted. */
const NAMED = 6;

/** A package that a forward left short of what its open orders hold. */
export interface Shortfall {
  packageId: string;
  /** "Blue Dream 3.5 g (package 1A40…)". */
  what: string;
  /** The units short that the store had not been told of yet (thousandths). */
  more: number;
  /** The package's stock after the forward. */
  stock: PackageStock;
  /** The orders the forward wrote. */
  forwarded: ReadonlySet<string>;
}

/**
 * The exception of a forward after which a package's open orders hold more than it has on hand
 * (two registers sold the same units offline): which product and package, how many short, and
 * which orders of which registers hold it, for the manager to count the package. It opens the
 * forward's own order that holds the package (else the newest that does). The orders stay
 * completable: one handed over takes what is on hand (catalog/stock-claims.ts).
 */
export async function shortfallException(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  s: Shortfall,
): Promise<NewException> {
  const orders = (await openOrdersHolding(tx, db, scope.dispensaryId, s.packageId)).map((o) => ({
    ...o,
    register: s.forwarded.has(o.orderId) ? scope.name : o.paidAt,
  }));
  const named = orders
    .slice(0, NAMED)
    .map((o) => `order ${o.orderNumber}${o.register ? ` of ${o.register}` : ''} holds ${quantity(Number(o.milli))}`);
  if (orders.length > NAMED) named.push(`${orders.length - NAMED} more orders`);
  const opened = orders.filter((o) => s.forwarded.has(o.orderId)).at(-1) ?? orders.at(-1);
  const { onHand, reserved, short } = s.stock;
  return {
    kind: 'reserved_short',
    packageId: s.packageId,
    ...(opened ? { orderId: opened.orderId } : {}),
    detail:
      `${scope.name}'s sales left open orders holding ${quantity(s.more)} more of ${s.what} than the server ` +
      `has: they hold ${quantity(reserved + short)} and ${quantity(onHand)} are on hand` +
      `${named.length > 0 ? ` (${named.join(', ')})` : ''}. Count the package, and call the customers whose ` +
      'orders cannot be filled; the orders can still be completed',
  };
}

/** The store's open orders holding a package, oldest first, with the register each was paid at, if any. */
function openOrdersHolding(tx: Queryable, db: DataLayer, dispensaryId: string, packageId: string) {
  return tx.all(
    db.builder
      .selectFrom('orders as o')
      .innerJoin('order_items as i', 'i.order_id', 'o.id')
      .select((e) => [
        'o.id as orderId',
        'o.order_number as orderNumber',
        e.fn.sum<number>('i.quantity_milli').as('milli'),
        e
          .selectFrom('payments as p')
          .select('p.terminal_id')
          .whereRef('p.order_id', '=', 'o.id')
          .where('p.terminal_id', 'is not', null)
          .orderBy('p.created_at')
          .limit(1)
          .as('paidAt'),
      ])
      .where('i.package_id', '=', packageId)
      .where('o.dispensary_id', '=', dispensaryId)
      .where('o.status', 'in', OPEN)
      .groupBy(['o.id', 'o.order_number', 'o.created_at'])
      .orderBy('o.created_at')
      .orderBy('o.id'),
  );
}
