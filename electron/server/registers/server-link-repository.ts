import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** The server and store a register is attached to (migration 018's one `server_link` row). */
export interface ServerLink {
  registerId: string;
  serverUrl: string;
  secret: string;
  dispensaryId: string;
  name: string;
  attachedAt: string;
  /** Names this register's forward queue at the server (kept when the same folder attaches again). */
  queueId: string;
  /** The last change of its forward queue the server answered applied (0: none yet). */
  appliedSeq: number;
  refreshedAt: string | null;
  lastProblem: string | null;
  /** When the server last answered the register's check, to the minute (LinkMonitor); null: not known. */
  answeredAt: string | null;
}

/** A link as its row is first written. */
type NewLink = Omit<ServerLink, 'refreshedAt' | 'lastProblem' | 'answeredAt'>;

/** A register's link to its store server. */
export class ServerLinkRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      get: db.prepare((k) =>
        k
          .selectFrom('server_link')
          .select([
            'register_id as registerId',
            'server_url as serverUrl',
            'secret',
            'dispensary_id as dispensaryId',
            'name',
            'attached_at as attachedAt',
            sql<string>`COALESCE(queue_id, register_id)`.as('queueId'),
            'applied_seq as appliedSeq',
            'refreshed_at as refreshedAt',
            'last_problem as lastProblem',
            'answered_at as answeredAt',
          ])
          .limit(1),
      ),
      clear: db.prepare((k) => k.deleteFrom('server_link')),
      insert: db.prepare((k, p: NewLink) =>
        k.insertInto('server_link').values({
          register_id: p.registerId,
          server_url: p.serverUrl,
          secret: p.secret,
          dispensary_id: p.dispensaryId,
          name: p.name,
          attached_at: p.attachedAt,
          queue_id: p.queueId,
          applied_seq: p.appliedSeq,
          // The server answered the enrolment.
          answered_at: p.attachedAt,
        }),
      ),
      refreshed: db.prepare((k, p: { at: string }) =>
        k.updateTable('server_link').set({ refreshed_at: p.at, last_problem: null }),
      ),
      problem: db.prepare((k, p: { problem: string }) => k.updateTable('server_link').set({ last_problem: p.problem })),
      answered: db.prepare((k, p: { at: string }) => k.updateTable('server_link').set({ answered_at: p.at })),
      capture: db.prepare((k, p: { on: number }) => k.updateTable('server_link').set({ capture: p.on })),
      applied: db.prepare((k, p: { upTo: number }) =>
        k.updateTable('server_link').set({ applied_seq: p.upTo }).where('applied_seq', '<', p.upTo),
      ),
      rewind: db.prepare((k, p: { to: number }) => k.updateTable('server_link').set({ applied_seq: p.to })),
      forgetSent: db.prepare((k) => k.deleteFrom('forward_sent')),
    };
  }

  async get(q: Queryable): Promise<ServerLink | undefined> {
    const link = await q.first(this.q.get);
    return link && { ...link, appliedSeq: Number(link.appliedSeq) };
  }

  /** Attaches the register (replacing an earlier link of the same register). */
  async attach(tx: Queryable, link: Omit<NewLink, 'appliedSeq'>): Promise<void> {
    // The same queue attached again keeps what the server applied of it.
    const before = await this.get(tx);
    const appliedSeq = before?.queueId === link.queueId ? before.appliedSeq : 0;
    // What another queue sent is that queue's: never sent again under this one.
    if (before?.queueId !== link.queueId) await tx.run(this.q.forgetSent);
    await tx.run(this.q.clear);
    await tx.run(this.q.insert, { ...link, appliedSeq });
  }

  async refreshed(tx: Queryable, at: Date): Promise<void> {
    await tx.run(this.q.refreshed, { at: at.toISOString() });
  }

  /**
   * Whether this register's changes go into its forward queue (migration 020's triggers): off while
   * a refresh writes the server's own rows in the same transaction.
   */
  async capture(tx: Queryable, on: boolean): Promise<void> {
    await tx.run(this.q.capture, { on: on ? 1 : 0 });
  }

  /**
   * Notes that the server has this register's changes up to `to` only (restored from a backup): the
   * changes after it are sent again (ForwardQueue.resend).
   */
  async rewind(tx: Queryable, to: number): Promise<void> {
    await tx.run(this.q.rewind, { to });
  }

  /** Notes that the server applied this register's changes up to `upTo` (never going back). */
  async applied(tx: Queryable, upTo: number): Promise<void> {
    await tx.run(this.q.applied, { upTo });
  }

  /** Notes when the server last answered the register's check. */
  async answered(tx: Queryable, at: Date): Promise<void> {
    await tx.run(this.q.answered, { at: at.toISOString() });
  }

  async problem(tx: Queryable, problem: string): Promise<void> {
    await tx.run(this.q.problem, { problem });
  }
}
