import type { FastifyBaseLogger } from 'fastify';
import { LENT_TABLES, type RegisterLendAnswer } from '../../../shared/contracts/register-pickup.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { ServiceContext } from '../core/context.js';
import type { DataLayer } from '../db/data-layer.js';
import type { KeyedLock } from '../db/keyed-lock.js';
import type { Queryable } from '../db/query.js';
import type { Actor } from '../tickets/ticket-service.js';
import { DealUses } from '../tickets/deal-uses.js';
import { LINK_LOCK } from './forwarder.js';
import { refreshStock } from './replica-stock.js';
import { postAsRegister, ServerSilent, passOrderMoveRefusals } from './server-client.js';
import { ServerLinkRepository, type ServerLink } from './server-link-repository.js';
import { untyped } from './replica-tables.js';

/** Rows that point at a payment, deleted before it when a lent copy goes. */
const OF_PAYMENTS = ['payment_refunds', 'paylinks', 'payment_idempotency_keys'] as const;
/** Rows that point at the order, deleted before it (payments after what points at them). */
const OF_ORDER = [
  'payments',
  'payment_sessions',
  'order_status_history',
  'order_unavailable_items',
  'order_items',
  'lent_orders',
] as const;

/**
 * On an attached register: an online order of the server lent to this register for its hand-over
 * (README "Attaching registers"). The server lends it to one register at a time and answers its
 * rows; the register writes them here with capture off (they are the server's, not changes to send
 * back), so its own service takes the payment (cash into its own drawer) and the hand-over as for
 * an order of its own, and its forward queue brings both to the server, once. Given back before its
 * money is taken, the copy goes and the server's loan ends; paid here, it stays lent until handed over.
 */
export class OrderLending {
  private readonly links: ServerLinkRepository;
  private readonly db: DataLayer;

  constructor(
    /** Its database, and where its stock refresh says what moved (`stock.changed`). */
    private readonly ctx: Pick<ServiceContext, 'db' | 'stockMoves'>,
    private readonly log: FastifyBaseLogger,
    /** The lock a stock refresh and a forward share (forwarder.ts). */
    private readonly lock: KeyedLock,
    /** The link while the server answered its last check; null while it does not. */
    private readonly answering: () => ServerLink | null,
  ) {
    this.db = ctx.db;
    this.links = new ServerLinkRepository(ctx.db);
  }

  async lend(orderId: string, order: string, actor: Actor): Promise<{ expiresAt: string | null }> {
    const here = await this.lentHere(this.db, orderId);
    // Paid here: lent until handed over, whatever the link does.
    if (here && here.paymentStatus !== 'UNPAID') return { expiresAt: null };
    let answer: RegisterLendAnswer;
    try {
      answer = await this.ask<RegisterLendAnswer>(orderId, order, 'lend', actor);
    } catch (error) {
      // The server lends it elsewhere now (this register's loan ended): a copy left here goes.
      if (here && error instanceof ServicePayError && error.code !== 'UNAVAILABLE') await this.dropCopy(orderId);
      throw error;
    }
    try {
      await this.keep(orderId, answer);
    } catch (error) {
      await this.ask(orderId, order, 'give-back', actor).catch(() => undefined);
      throw new ServicePayError(
        'UNAVAILABLE',
        `${capital(order)} could not be copied to this register (${(error as Error).message}): its replica may not ` +
          'have the customer or product yet. Try again in a few seconds.',
      );
    }
    // The store's stock as the server has it now, the order's units held in it: handed over here,
    // the order's claim ends by what it holds, and that is what reaches the server.
    await this.lock
      .run(LINK_LOCK, () => refreshStock(this.ctx))
      .catch((error: unknown) => {
        this.log.warn({ err: error }, `the stock was not read again after ${order} was lent here`);
      });
    return { expiresAt: answer.expiresAt };
  }

  /** Writes the server's rows of the order here (once), with capture off, and until when it is lent. */
  private async keep(orderId: string, answer: RegisterLendAnswer): Promise<void> {
    // Null: its money was taken here, lent until handed over (a date that compares after any other).
    const expiresAt = answer.expiresAt ?? '9999-12-31T23:59:59.999Z';
    await this.db.write(async (tx) => {
      const k = untyped(this.db.builder);
      const copy = await tx.first(this.db.builder.selectFrom('orders').select('updated_at').where('id', '=', orderId));
      // A copy left from an earlier loan is kept only as the server still has the order.
      if (copy?.updated_at !== answer.rows.orders?.[0]?.updated_at) {
        await this.links.capture(tx, false);
        if (copy) await this.dropIn(tx, orderId);
        for (const table of LENT_TABLES) {
          for (const row of answer.rows[table] ?? []) {
            // The history's own numbers are this database's: the server's are not kept.
            const { id: _id, ...rest } = row;
            await tx.run(k.insertInto(table).values(table === 'order_status_history' ? rest : row));
          }
        }
        // Its deals are counted here while it is (a copy given back takes its uses with it).
        await new DealUses(this.db).recount(tx, [orderId]);
        await this.links.capture(tx, true);
      }
      await tx.run(this.db.builder.deleteFrom('lent_orders').where('order_id', '=', orderId));
      const lentAt = new Date().toISOString();
      await tx.run(
        this.db.builder.insertInto('lent_orders').values({ order_id: orderId, lent_at: lentAt, expires_at: expiresAt }),
      );
    });
  }

  async giveBack(orderId: string, order: string, actor: Actor): Promise<boolean> {
    const here = await this.lentHere(this.db, orderId);
    if (!here || here.paymentStatus !== 'UNPAID' || here.status === 'COMPLETED') return false;
    // Part of its money taken here (a split tender): it stays lent, its payment on its way to the server.
    const terminal = (await this.links.get(this.db))?.name ?? '';
    const taken = await this.db.first(
      this.db.builder
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', orderId)
        .where('terminal_id', '=', terminal)
        .where('status', 'in', ['approved', 'pending']),
    );
    if (taken) return false;
    await this.dropCopy(orderId);
    try {
      await this.ask(orderId, order, 'give-back', actor);
    } catch (error) {
      // The server's loan then ends by itself (LOAN_MS): nothing here waits on it.
      this.log.warn({ err: error }, `${order} was given back here, but not at the store server`);
    }
    return true;
  }

  /** Deletes the copy of an order lent here whose money was not taken, with capture off. */
  private async dropCopy(orderId: string): Promise<void> {
    await this.db.write(async (tx) => {
      await this.links.capture(tx, false);
      await this.dropIn(tx, orderId);
      await this.links.capture(tx, true);
    });
  }

  /** Deletes the order's copy in `tx` (capture already off). */
  private async dropIn(tx: Queryable, orderId: string): Promise<void> {
    const k = untyped(this.db.builder);
    const payments = k.selectFrom('payments').select('id').where('order_id', '=', orderId);
    for (const table of OF_PAYMENTS) await tx.run(k.deleteFrom(table).where('payment_id', 'in', payments));
    for (const table of OF_ORDER) await tx.run(k.deleteFrom(table).where('order_id', '=', orderId));
    await tx.run(k.deleteFrom('orders').where('id', '=', orderId));
  }

  /** The order's copy here, if it is lent to this register. */
  private async lentHere(q: Queryable, orderId: string) {
    return q.first(
      this.db.builder
        .selectFrom('lent_orders as l')
        .innerJoin('orders as o', 'o.id', 'l.order_id')
        .select(['o.status', 'o.payment_status as paymentStatus', 'l.expires_at as expiresAt'])
        .where('l.order_id', '=', orderId),
    );
  }

  /** One call to the server for the cashier; a silent server, or one refusing this register, in words. */
  private async ask<T>(orderId: string, order: string, action: 'lend' | 'give-back', actor: Actor): Promise<T> {
    const link = this.answering();
    const silent = (why: string) =>
      new ServicePayError(
        'UNAVAILABLE',
        `The store server does not answer (${why}): ${order} cannot be handed over here now, since online orders are ` +
          'kept there and another register could be handing it over. Try again when the link is back.',
      );
    if (!link) throw silent('it did not answer its last check');
    const path = `/v2.0/register/pickup/${encodeURIComponent(orderId)}/${action}`;
    try {
      const body = { cashier: actor.who.name };
      return await postAsRegister<T>(
        link.serverUrl,
        path,
        link.registerId,
        link.secret,
        body,
        undefined,
        passOrderMoveRefusals,
      );
    } catch (error) {
      if (error instanceof ServerSilent) throw silent(error.why);
      if (error instanceof ServicePayError && error.code === 'UNAUTHENTICATED') {
        throw new ServicePayError(
          'UNAVAILABLE',
          `${capital(order)} cannot be handed over here: the store server refuses this register (${error.message}). A manager attaches it again.`,
        );
      }
      throw error;
    }
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
