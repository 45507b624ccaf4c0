import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../core/context.js';
import type { KeyedLock } from '../db/keyed-lock.js';
import { FORWARD_BATCH, ForwardQueue, type Waiting } from './forward-queue.js';
import { refreshStock } from './replica-stock.js';
import { forwardToServer } from './server-client.js';
import { ServerLinkRepository } from './server-link-repository.js';

/** How often an attached register looks for changes to forward when none wait. */
export const FORWARD_IDLE_MS = 250;
/** How long it waits after the server did not take a batch. */
export const FORWARD_RETRY_MS = 1000;
/** How often an attached register reads the store's stock while it has nothing to send. */
export const STOCK_REFRESH_MS = 2000;
/** The lock a refresh and a forward share: a refresh reads the server's stock and the changes it has applied at one time. */
export const LINK_LOCK = 'server-link';

/**
 * Forwards an attached register's changes (its sales, payments, drawer and stock changes) to its
 * store server, oldest first, in batches, while the server answers: as they happen when online, and
 * everything that waited when the link comes back. The server applies each change once (it answers
 * the last one it has), and only then are they let go here, so a crash of either side at any point
 * sends nothing twice and loses nothing. Each change of the waiting count is told (`onWaiting`).
 * With nothing to send, it reads the store's stock every `STOCK_REFRESH_MS`, so what the other
 * registers and the ecommerce site took shows here within seconds.
 */
export class Forwarder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;
  private told: string | null = null;
  private stockReadAt = 0;
  private readonly queue: ForwardQueue;
  private readonly links: ServerLinkRepository;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly log: FastifyBaseLogger,
    private readonly lock: KeyedLock,
    /** False while the link check finds the server silent: nothing is sent then. */
    private readonly reachable: () => boolean | null,
    private readonly onWaiting: (waiting: Waiting) => void,
  ) {
    this.queue = new ForwardQueue(ctx.db);
    this.links = new ServerLinkRepository(ctx.db);
  }

  async start(): Promise<void> {
    if (!(await this.ctx.role.isRegister())) return;
    this.turn(0);
  }

  /** What waits to be forwarded now. */
  waiting(): Promise<Waiting> {
    return this.queue.waiting(this.ctx.db);
  }

  private turn(wait: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.running = this.step().then((next) => {
        this.running = null;
        this.turn(next);
      });
    }, wait);
  }

  /** One batch (when the server answers); how long to wait before the next. */
  private async step(): Promise<number> {
    let next = FORWARD_IDLE_MS;
    let sent = false;
    try {
      if (this.reachable() !== false) {
        sent = await this.lock.run(LINK_LOCK, () => this.sendBatch());
        if (sent) next = 0;
        else if (Date.now() - this.stockReadAt >= STOCK_REFRESH_MS) {
          this.stockReadAt = Date.now();
          await this.lock.run(LINK_LOCK, () => refreshStock(this.ctx));
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, 'the store server did not take the register’s waiting changes');
      next = FORWARD_RETRY_MS;
    }
    // After a batch the count is told even when it reads as it did at the last step: a sale made and
    // sent between two steps was never told as waiting, but a screen that connected meanwhile read it so.
    await this.tell(sent).catch(() => undefined);
    return next;
  }

  /**
   * Sends the oldest waiting changes; true when some were sent (more may wait). Only what the
   * server answered applied is let go: a payment still pending at the end of the batch (not sent
   * until it is settled) stays, so the next batch starts right after what the server has, and the
   * server can tell a change that never came from one it applied.
   */
  private async sendBatch(): Promise<boolean> {
    const { db } = this.ctx;
    const link = await this.links.get(db);
    const batch = link && (await this.queue.next(db, Math.min(this.ctx.config.forwardBatch, FORWARD_BATCH)));
    if (!link || !batch || batch.records.length === 0) return false;
    const { serverUrl, registerId, secret, queueId } = link;
    const { after, records } = batch;
    const keptFrom = (await this.queue.keptFrom(db)) ?? after + 1;
    const applied = await forwardToServer(serverUrl, registerId, secret, { queueId, after, records, keptFrom });
    if (applied < after) {
      // The server lacks changes it once answered applied (restored from a backup): it asked for
      // those after `applied` again, which this register kept (`keptFrom`). They wait to be sent again.
      await db.write(async (tx) => {
        await this.queue.resend(tx, applied);
        await this.links.rewind(tx, applied);
      });
      this.log.warn({ applied, after }, 'the store server lacks changes it had applied: sending them again');
      return true;
    }
    const upTo = Math.min(applied, batch.lastSeq);
    await db.write(async (tx) => {
      await this.queue.applied(tx, upTo, this.ctx.now());
      // A refresh read before this answer (another process's) then knows its stock lacks these changes.
      await this.links.applied(tx, upTo);
    });
    return true;
  }

  private async tell(always = false): Promise<void> {
    const waiting = await this.waiting();
    const key = `${waiting.sales}/${waiting.changes}`;
    if (key === this.told && !always) return;
    this.told = key;
    this.onWaiting(waiting);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
