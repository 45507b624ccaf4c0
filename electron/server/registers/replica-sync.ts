import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import type { OwnOrdersLink } from '../payments/pay/reversals.js';
import type { SaleLink } from '../tickets/stock-holder.js';
import type { StoreChange } from '../../../shared/contracts/live.js';
import { refreshReplica } from './attach-register.js';
import { replicaChangesBy } from './replica-catalog.js';
import { KeyedLock } from '../db/keyed-lock.js';
import { Forwarder, LINK_LOCK } from './forwarder.js';
import { purchasesAtServer, RegisterStockHolder } from './register-holder.js';
import { dealUsesAtServer } from './deal-uses-at-server.js';
import type { ServerDealUses } from '../tickets/server-deal-uses.js';
import { ownOrdersLink, pullOwnOrders } from './own-orders-pull.js';
import { LinkMonitor } from './link-monitor.js';
import { ServerLinkRepository } from './server-link-repository.js';
import { ServerOrdersFeed } from './server-orders-feed.js';
import { ServerPickup } from './server-pickup.js';

/**
 * Keeps an attached register's replica current: a refresh when the service starts listening, then
 * one every `replicaRefreshMs`. A refresh that fails (the server down, the register revoked) is
 * written down as the link's last problem and tried again at the next turn; the register sells on
 * from what it has. A register that is not attached (or a store server) runs nothing.
 */
export class ReplicaSync {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  /** A refresh was asked for while one ran: it may have read the server before the change. */
  private again = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly log: FastifyBaseLogger,
    /** Shared with the forwarder: a refresh never reads the server while a batch is on its way. */
    private readonly lock: KeyedLock,
  ) {}

  async start(): Promise<void> {
    if (!(await this.ctx.role.isRegister())) return;
    this.turn();
  }

  /** Refreshes now (the server answers again, or its set-up changed); once more after one under way. */
  refreshNow(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.turn();
  }

  private turn(): void {
    if (this.closed) return;
    this.running = this.refresh().finally(() => {
      this.running = null;
      if (this.closed) return;
      const wait = this.again ? 0 : this.ctx.config.replicaRefreshMs;
      this.again = false;
      this.timer = setTimeout(() => this.turn(), wait);
    });
  }

  private async refresh(): Promise<void> {
    try {
      await this.lock.run(LINK_LOCK, async () => {
        const { db, now, live } = this.ctx;
        const changes = await replicaChangesBy(db, () => refreshReplica(db, now));
        // The register's own POS screens read their catalog again (a price, a new or archived product),
        // put the stock it moved in place, and read their store (a new name or time zone set at the server).
        if (changes?.catalog) live.publishTo(changes.dispensaryId, 'catalog', 'catalog.changed', changes.catalog);
        if (changes) this.ctx.stockMoves.packages(changes.dispensaryId, changes.stock);
        if (changes?.store) {
          live.publishTo(changes.dispensaryId, 'store', 'store.changed', { fields: [] } satisfies StoreChange);
        }
        await this.pullOwnOrders();
      });
    } catch (error) {
      this.log.warn({ err: error }, 'the replica was not refreshed from the store server');
    }
  }

  /** The server's later changes to this register's orders of the last week; a failure is only noted. */
  private async pullOwnOrders(): Promise<void> {
    const link = await new ServerLinkRepository(this.ctx.db).get(this.ctx.db);
    if (!link) return;
    try {
      const orders = await pullOwnOrders(this.ctx, link);
      if (orders > 0)
        this.log.info({ orders }, "the store server's changes to this register's orders were written here");
    } catch (error) {
      this.log.warn({ err: error }, "the store server's changes to this register's orders were not read");
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/** On an attached register: what its sales, customers and refunds ask its store server while it answers. */
export interface RegisterLinkServices extends SaleLink {
  /** The server's later changes to this register's own orders. */
  orders: OwnOrdersLink;
  /** The store's online orders, kept at the server: the pickup queue and its moves. */
  pickup: ServerPickup;
  /** The uses left of the store's deals with limits at the server, for a quote. */
  dealUses: ServerDealUses;
}

/** An attached register's link: its monitor (the link route reads it), and its start. */
export interface ServerLinkRunner {
  monitor: LinkMonitor;
  /** What the register's sales ask the server while it answers: holds, a customer's purchases. */
  services: RegisterLinkServices;
  /** Starts the link's work once the register is attached (at listen, or when attached later); then does nothing. */
  start(): Promise<void>;
}

/**
 * An attached register's link to its store server, once the service listens: the replica's
 * refreshes, the check that the server answers (a full refresh when it answers again), and the
 * forwarding of its changes. Nothing runs on a standalone register or a store server, until a new
 * register is attached from its screen.
 */
export function startServerLink(app: FastifyInstance, ctx: ServiceContext): ServerLinkRunner {
  const lock = new KeyedLock();
  const sync = new ReplicaSync(ctx, app.log, lock);
  // The forwarder and the monitor each ask the other (called once both exist).
  const forwarder: Forwarder = new Forwarder(
    ctx,
    app.log,
    lock,
    () => monitor.isReachable(),
    () => void monitor.publish().catch(() => undefined),
  );
  const links = new ServerLinkRepository(ctx.db);
  const feed = new ServerOrdersFeed({
    link: () => links.get(ctx.db),
    publish: (dispensaryId, update) => ctx.live.publishTo(dispensaryId, 'orders', 'order.updated', update),
    changed: () => void monitor.publish().catch(() => undefined),
    failed: (error) => app.log.debug({ err: error }, "the store server's live orders stream ended; following it again"),
  });
  const monitor = new LinkMonitor(
    ctx,
    () => {
      sync.refreshNow();
      feed.kick();
    },
    () => forwarder.waiting(),
    () => feed.isLive(),
  );
  let started = false;
  const start = async () => {
    if (started || !(await ctx.role.isRegister())) return;
    started = true;
    await sync.start();
    await monitor.start();
    await forwarder.start();
    feed.start();
  };
  app.addHook('onListen', start);
  app.addHook('preClose', async () => {
    await forwarder.close();
    await feed.close();
    await monitor.close();
    await sync.close();
  });
  const answering = () => monitor.answeringLink();
  const services = {
    holder: new RegisterStockHolder(app.log, answering, ctx.config.serverWaitMs),
    purchases: purchasesAtServer(app.log, answering, ctx.config.serverWaitMs),
    orders: ownOrdersLink(ctx, app.log, lock, answering),
    pickup: new ServerPickup(ctx, app.log, answering, lock),
    // The uses of deals with limits at the server, for a quote (README "Deals").
    dealUses: dealUsesAtServer(app.log, answering, ctx.config.serverWaitMs),
  };
  return { monitor, start, services };
}
