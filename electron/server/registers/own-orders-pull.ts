import type { FastifyBaseLogger } from 'fastify';
import type { OrderUpdate } from '../../../shared/contracts/live.js';
import { OWN_ORDERS_MAX, type OwnOrdersAnswer } from '../../../shared/contracts/registers.js';
import { formatDecimal } from '../../../shared/money.js';
import type { OrderPaymentStatus, OrderSource, OrderStatus } from '../../../shared/order-status.js';
import type { ServiceContext } from '../core/context.js';
import type { OwnOrdersLink } from '../payments/pay/reversals.js';
import type { DataLayer } from '../db/data-layer.js';
import type { KeyedLock } from '../db/keyed-lock.js';
import type { Queryable } from '../db/query.js';
import { DealUses } from '../tickets/deal-uses.js';
import { LINK_LOCK } from './forwarder.js';
import { orderVersions } from './own-orders.js';
import { untyped, type ReplicaRow } from './replica-tables.js';
import { ownOrdersAtServer, SERVER_TIMEOUT_MS } from './server-client.js';
import { ServerLinkRepository, type ServerLink } from './server-link-repository.js';

/** How many days back a register's refresh asks about its orders (a refund names any order). */
export const OWN_ORDERS_DAYS = 7;

/** A constraint of the register's copy refused the server's row (a customer it has not got yet). */
const refusedHere = (error: unknown) => /constraint failed/i.test((error as Error).message);

/**
 * Writes one of the server's rows over the register's row of the same id, when the register has
 * that row at another version and no change of its own to it waits to be sent (that change goes to
 * the server, which keeps its own and lists the register's when both changed). Answers 1 when written.
 */
async function writeServerRow(tx: Queryable, db: DataLayer, table: 'orders' | 'payments', row: ReplicaRow) {
  const k = untyped(db.builder);
  const id = String(row.id);
  const here = (await tx.first(k.selectFrom(table).selectAll().where('id', '=', id))) as ReplicaRow | undefined;
  const same = here?.updated_at === row.updated_at && here?.order_number === row.order_number;
  if (!here || same) return 0;
  const queued = await tx.first(
    db.builder
      .selectFrom('forward_queue')
      .select('seq')
      .where('table_name', '=', table)
      .where('row_id', '=', id)
      .limit(1),
  );
  if (queued) return 0;
  const columns = Object.keys(here).filter((column) => column !== 'id' && column in row);
  try {
    await tx.run(
      k
        .updateTable(table)
        .set(Object.fromEntries(columns.map((column) => [column, row[column] ?? null])))
        .where('id', '=', id),
    );
    return 1;
  } catch (error) {
    if (!refusedHere(error)) throw error;
    return 0;
  }
}

/**
 * Learns the store server's changes to this register's own orders and their payments (a refund
 * at the back office, an order made ready at the counter) and writes them here, as the server
 * has them, with capture off: they are not this register's changes to send back. `orderIds`: those
 * orders (before a refund); else the register's orders of the last week. Run under the link's
 * lock, so no batch of this register's changes is on its way while the server answers. The
 * register's screens hear of each order changed (`order.updated`); answers how many there were.
 */
export async function pullOwnOrders(
  ctx: ServiceContext,
  link: ServerLink,
  orderIds?: readonly string[],
  timeoutMs = SERVER_TIMEOUT_MS,
): Promise<number> {
  const { db } = ctx;
  // Without ids: the register's orders of the last `OWN_ORDERS_DAYS` days, newest first.
  const since = new Date(ctx.now().getTime() - OWN_ORDERS_DAYS * 86_400_000).toISOString();
  const which = orderIds ? { ids: orderIds.slice(0, OWN_ORDERS_MAX) } : { since, limit: OWN_ORDERS_MAX };
  const versions = await orderVersions(db, db, link.dispensaryId, which);
  if (versions.size === 0) return 0;
  const orders = [...versions].map(([id, version]) => ({ id, version }));
  const answer = await ownOrdersAtServer(link.serverUrl, link.registerId, link.secret, { orders }, timeoutMs);
  const changed = await writeAnswer(db, answer, new Set(versions.keys()));
  await announce(ctx, link.dispensaryId, changed);
  return changed.size;
}

/** Writes the server's rows; answers the orders whose row or a payment's was written. */
async function writeAnswer(db: DataLayer, answer: OwnOrdersAnswer, asked: ReadonlySet<string>): Promise<Set<string>> {
  const changed = new Set<string>();
  if (answer.orders.length === 0 && answer.payments.length === 0) return changed;
  const links = new ServerLinkRepository(db);
  await db.write(async (tx) => {
    changed.clear();
    await links.capture(tx, false);
    for (const row of answer.orders) {
      const id = String(row.id);
      if (asked.has(id) && (await writeServerRow(tx, db, 'orders', row))) changed.add(id);
    }
    for (const row of answer.payments) {
      const orderId = String(row.order_id);
      if (asked.has(orderId) && (await writeServerRow(tx, db, 'payments', row))) changed.add(orderId);
    }
    // An order the server canceled gives its deals' uses back here too.
    await new DealUses(db).recount(tx, [...changed]);
    await links.capture(tx, true);
  });
  return changed;
}

/** `order.updated` of each order changed, on the register's live channel (its POS and back office). */
async function announce(ctx: ServiceContext, dispensaryId: string, orderIds: ReadonlySet<string>): Promise<void> {
  if (orderIds.size === 0) return;
  const rows = await ctx.db.all(
    ctx.db.builder
      .selectFrom('orders')
      .select(['id', 'order_number', 'status', 'payment_status', 'source', 'total_cents', 'created_at', 'updated_at'])
      .where('id', 'in', [...orderIds]),
  );
  for (const row of rows) {
    const update: OrderUpdate = {
      orderId: row.id,
      orderNumber: row.order_number,
      status: row.status as OrderStatus,
      paymentStatus: row.payment_status as OrderPaymentStatus,
      source: row.source as OrderSource,
      total: formatDecimal(row.total_cents),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
    ctx.live.publishTo(dispensaryId, 'orders', 'order.updated', update);
  }
}

/**
 * Before money goes back at an attached register (a refund, a void), the server's later changes
 * to the sale: a refund already made at the back office is then known here and not made twice.
 * Under the link's lock (no batch of the register's own changes on its way meanwhile). The
 * register waits at most a second for the lock (a refresh or a batch under way) and a second for
 * the server's answer; past either, it goes on from what it has, as offline.
 */
export function ownOrdersLink(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  lock: KeyedLock,
  answering: () => ServerLink | null,
): OwnOrdersLink {
  return {
    learn: async (orderId) => {
      const link = answering();
      if (!link) return false;
      let timer: NodeJS.Timeout | undefined;
      let state: 'waiting' | 'pulling' | 'gave up' = 'waiting';
      try {
        const turn = lock.run(LINK_LOCK, async () => {
          if (state === 'gave up') return 0;
          state = 'pulling';
          return pullOwnOrders(ctx, link, [orderId], ctx.config.serverWaitMs);
        });
        const busy = new Promise<number>((resolve) => {
          timer = setTimeout(() => {
            if (state !== 'waiting') return;
            state = 'gave up';
            log.warn('the link to the store server was busy; money goes back from this register’s copy of the sale');
            resolve(0);
          }, ctx.config.serverWaitMs);
        });
        return (await Promise.race([turn, busy])) > 0;
      } catch (error) {
        log.warn(
          { err: error },
          'the store server did not answer about a sale before money went back; going on from this register’s copy',
        );
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
