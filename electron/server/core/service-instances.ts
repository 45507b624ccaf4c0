import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** After how long without a heartbeat an instance is taken as gone, by default. */
export const DEFAULT_STALE_MS = 20_000;

/**
 * The service instances working on one database, so that work one of them started (a payment at a
 * processor, a PIN pad wait, a paylink's expiry) is taken over when it is gone: stopped cleanly, or
 * silent for longer than `staleMs`. Each instance writes its row at start, a heartbeat four times
 * within that time, and its stop. On a database only one instance uses (the register's SQLite file),
 * every other instance is gone by definition.
 */
export class ServiceInstances {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private readonly q;

  constructor(
    private readonly db: DataLayer,
    private readonly onError: (error: unknown) => void,
    /** How long an instance may stay silent before another takes over its work. */
    readonly staleMs = DEFAULT_STALE_MS,
  ) {
    this.q = {
      insert: db.prepare((k, p: { id: string; host: string; pid: number; at: string }) =>
        k
          .insertInto('service_instances')
          .values({ id: p.id, host: p.host, pid: p.pid, started_at: p.at, heartbeat_at: p.at, stopped_at: null }),
      ),
      beat: db.prepare((k, p: { id: string; at: string }) =>
        k.updateTable('service_instances').set({ heartbeat_at: p.at }).where('id', '=', p.id),
      ),
      stop: db.prepare((k, p: { id: string; at: string }) =>
        k.updateTable('service_instances').set({ stopped_at: p.at }).where('id', '=', p.id),
      ),
      alive: db.prepare((k, p: { since: string }) =>
        k
          .selectFrom('service_instances')
          .select('id')
          .where('stopped_at', 'is', null)
          .where('heartbeat_at', '>=', p.since),
      ),
      forget: db.prepare((k, p: { before: string }) =>
        k.deleteFrom('service_instances').where('heartbeat_at', '<', p.before),
      ),
    };
  }

  /** Registers this instance and starts its heartbeat. */
  async start(): Promise<void> {
    const at = new Date().toISOString();
    await this.db.write(async (tx) => {
      // Rows of instances gone for a day tell nobody anything any more.
      await tx.run(this.q.forget, { before: new Date(Date.now() - 86_400_000).toISOString() });
      await tx.run(this.q.insert, { id: this.id, host: hostname(), pid: process.pid, at });
    });
    // Nobody else reads the heartbeat of the one instance of an unshared database.
    if (!this.db.shared) return;
    this.timer = setInterval(() => {
      const beat = { id: this.id, at: new Date().toISOString() };
      this.db.write((tx) => tx.run(this.q.beat, beat)).catch(this.onError);
    }, this.staleMs / 4);
    this.timer.unref();
  }

  /** Says this instance stopped: what it leaves behind is taken over at once. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const at = new Date().toISOString();
    await this.db.write((tx) => tx.run(this.q.stop, { id: this.id, at })).catch(this.onError);
  }

  /** The instances that are alive now (this one included). */
  async alive(q: Queryable = this.db): Promise<Set<string>> {
    if (!this.db.shared) return new Set([this.id]);
    const since = new Date(Date.now() - this.staleMs).toISOString();
    const rows = await q.all(this.q.alive, { since });
    return new Set([this.id, ...rows.map((row) => row.id)]);
  }
}
