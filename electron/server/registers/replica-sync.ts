import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';
import { refreshReplica } from './attach-register.js';
import { LinkMonitor } from './link-monitor.js';
import { ServerLinkRepository } from './server-link-repository.js';

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
  ) {}

  async start(): Promise<void> {
    if (this.ctx.db.kind !== 'sqlite' || !(await new ServerLinkRepository(this.ctx.db).get(this.ctx.db))) return;
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
      await refreshReplica(this.ctx.db, this.ctx.now);
    } catch (error) {
      this.log.warn({ err: error }, 'the replica was not refreshed from the store server');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * An attached register's link to its store server, once the service listens: the replica's
 * refreshes and the check that the server answers (a full refresh when it answers again). Nothing
 * runs on a standalone register or a store server. Answers the monitor, which the link route reads.
 */
export function startServerLink(app: FastifyInstance, ctx: ServiceContext): LinkMonitor {
  const sync = new ReplicaSync(ctx, app.log);
  const monitor = new LinkMonitor(ctx, () => sync.refreshNow());
  app.addHook('onListen', async () => {
    await sync.start();
    await monitor.start();
  });
  app.addHook('preClose', async () => {
    await monitor.close();
    await sync.close();
  });
  return monitor;
}
