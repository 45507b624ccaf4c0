import { randomUUID } from 'node:crypto';
import { Kysely, PostgresDialect, type Compilable } from 'kysely';
import pg from 'pg';
import type { DataLayer, NotificationListener, RowLocks, WriteWork } from '../data-layer.js';
import { postgresDialect } from '../dialects/postgres.js';
import { migrate } from '../migrator.js';
import {
  prepare,
  QueryRunner,
  StaleWriteError,
  type Builder,
  type Prepared,
  type Queryable,
  type StatementResult,
  type WriteStep,
} from '../query.js';
import { combinedWrite, guardedWrite, STALE_WRITE } from './combined-writes.js';
import type { Database as Schema } from '../schema.js';
import { NotificationConnection } from './listener.js';
import { NotifyBatch } from './notify-batch.js';
import { PipelinedConnection } from './pipelined-connection.js';
import { WriteGroup } from './write-group.js';
import {
  connectionConfig,
  DatabaseUnreachableError,
  describeUrl,
  inTransaction,
  isRetryable,
  statementResult,
  tooBusy,
} from './pg-connection.js';

/** How often a write is tried when the server keeps reporting serialization failures or deadlocks. */
const WRITE_ATTEMPTS = 5;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7_900;
/**
 * The notification that tells every instance to drop its cached rows (never a JSON object); the
 * sender adds `:<id>` to hear its own back (see `invalidateCaches`).
 */
const INVALIDATE = '!invalidate';
/** Longest wait of `invalidateCaches` for its notification to come back to this instance. */
const ECHO_WAIT_MS = 2_000;
/** A notification standing for a longer message kept in notification_overflow (`!overflow:<id>`). */
const OVERFLOW = '!overflow:';
/** How long an overflowing message is kept for the instances to read it. */
const OVERFLOW_KEEP_MS = 10 * 60_000;

async function run(client: pg.PoolClient | pg.Pool, sql: string, values: unknown[], name?: string) {
  return statementResult(await client.query({ text: sql, values, name }));
}

/** Several writes as one statement (./combined-writes.ts): one round trip, atomic on its own. */
async function runAll(client: pg.PoolClient | pg.Pool, steps: readonly WriteStep[]): Promise<number> {
  if (steps.length === 0) return 0;
  const { sql, values, name } = combinedWrite(steps);
  return (await run(client, sql, values, name)).changes;
}

/**
 * Runs a write again while the server reports a serialization failure or deadlock (up to
 * WRITE_ATTEMPTS), then refuses it as `tooBusy`.
 */
async function retried<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (!isRetryable(error)) throw error;
      if (attempt >= WRITE_ATTEMPTS) throw tooBusy(error);
    }
  }
}

/** Statements pipelined on one connection (`DataLayer.pipelined`). */
class PipelinedRunner extends QueryRunner {
  constructor(private readonly connection: PipelinedConnection) {
    super();
  }

  protected async execute(sql: string, values: unknown[], name: string | undefined): Promise<StatementResult> {
    return statementResult(await this.connection.query({ sql, values, name }));
  }
}

/** Queries of one write transaction, on the pool client that holds it. */
class TransactionRunner extends QueryRunner {
  constructor(private readonly client: pg.PoolClient) {
    super();
  }

  protected execute(sql: string, values: unknown[], name: string | undefined): Promise<StatementResult> {
    return run(this.client, sql, values, name);
  }

  override runAll(steps: readonly WriteStep[]): Promise<number> {
    return runAll(this.client, steps);
  }
}

/**
 * The store and chain server's engine: a pool of connections, server-side prepared statements
 * (named, prepared once per connection), one transaction per write with commits as durable as the
 * server's `synchronous_commit` (on by default), and LISTEN/NOTIFY so that every service instance
 * on the database hears every other's live events. Pipelined connections beside the pool carry
 * the hot path of a ticket: its stock read (`pipelined`) and its one-statement write, committed in
 * groups with the notifications (`writeSteps`, ./write-group.ts).
 */
export class PostgresDataLayer extends QueryRunner implements DataLayer {
  readonly kind = 'postgres' as const;
  readonly shared = true;
  readonly dialect = postgresDialect;
  /** The DBA's tools back PostgreSQL up (pg_dump, pg_basebackup), not the service. */
  readonly onlineBackup = null;
  readonly builder: Builder;
  readonly pipelined: Queryable;
  private epoch = 0;
  /** This instance's invalidations not yet heard back, by id (see `invalidateCaches`). */
  private readonly echoes = new Map<string, () => void>();
  private readonly instanceId = randomUUID();
  private sentInvalidations = 0;
  private readonly outgoing: NotifyBatch;
  private readonly group: WriteGroup;
  private readonly q;

  constructor(
    private readonly pool: pg.Pool,
    private readonly notifications: NotificationConnection,
    private readonly channel: string,
    readonly description: string,
    private readonly reads: PipelinedConnection,
    connect: () => PipelinedConnection,
  ) {
    super();
    this.builder = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    this.pipelined = new PipelinedRunner(reads);
    this.group = new WriteGroup(connect);
    this.outgoing = new NotifyBatch(this.group, channel);
    // A listening connection that was down may have missed invalidations: forget everything.
    notifications.onConnected(() => (this.epoch += 1));
    notifications.intercept((payload) => {
      if (payload !== INVALIDATE && !payload.startsWith(`${INVALIDATE}:`)) return false;
      this.epoch += 1;
      this.echoes.get(payload.slice(INVALIDATE.length + 1))?.();
      return true;
    });
    notifications.readBack((payload) => (payload.startsWith(OVERFLOW) ? this.overflowing(payload) : undefined));
    this.q = {
      keep: this.prepare((k, p: { payload: string; at: string }) =>
        k.insertInto('notification_overflow').values({ payload: p.payload, created_at: p.at }).returning('id'),
      ),
      forget: this.prepare((k, p: { before: string }) =>
        k.deleteFrom('notification_overflow').where('created_at', '<', p.before),
      ),
      read: this.prepare((k, p: { id: number }) =>
        k.selectFrom('notification_overflow').select('payload').where('id', '=', p.id),
      ),
    };
  }

  prepare<P extends object, R>(build: (k: Builder, p: P) => Compilable<R>): Prepared<P, R> {
    return prepare(this.builder, build);
  }

  protected execute(sql: string, values: unknown[], name: string | undefined): Promise<StatementResult> {
    return run(this.pool, sql, values, name);
  }

  override runAll(steps: readonly WriteStep[]): Promise<number> {
    return runAll(this.pool, steps);
  }

  write<T>(work: WriteWork<T>): Promise<T> {
    return retried(() => inTransaction(this.pool, 'BEGIN', (client) => work(new TransactionRunner(client))));
  }

  /** One statement, committed with the others of its group (./write-group.ts). */
  async writeSteps(steps: readonly WriteStep[], lastChanges: number, locks?: RowLocks): Promise<void> {
    const { sql, values, name } = guardedWrite(steps, lastChanges);
    try {
      await this.group.run({ sql, values, name, locks });
    } catch (error) {
      if ((error as { code?: unknown }).code === STALE_WRITE) throw new StaleWriteError(lastChanges, undefined);
      throw error;
    }
  }

  /** A session advisory lock on a connection of its own, held while `work` runs. */
  async exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        return await work();
      } finally {
        await client
          .query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key])
          .catch((error: Error) => (broken = error));
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * NOTIFY on the channel every instance listens to. A message over PostgreSQL's limit is kept in
   * notification_overflow (for ten minutes) and the notification carries its id.
   */
  async notify(payload: string): Promise<void> {
    let sent = payload;
    if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) {
      const now = Date.now();
      const kept = await this.write(async (tx) => {
        await tx.run(this.q.forget, { before: new Date(now - OVERFLOW_KEEP_MS).toISOString() });
        return (await tx.first(this.q.keep, { payload, at: new Date(now).toISOString() }))!;
      });
      sent = `${OVERFLOW}${kept.id}`;
    }
    await this.outgoing.send(sent);
  }

  /** The message an overflow notification stands for (undefined when it was already forgotten). */
  private async overflowing(payload: string): Promise<string | undefined> {
    const id = Number(payload.slice(OVERFLOW.length));
    return (await this.first(this.q.read, { id }))?.payload;
  }

  listen(listener: NotificationListener): () => void {
    return this.notifications.add(listener);
  }

  /** Another instance's commits are not heard of here: rows that move with every sale are read each time. */
  changeEpoch(): null {
    return null;
  }

  cacheEpoch(): number {
    return this.epoch;
  }

  /**
   * Forgets this instance's cached rows and tells every other instance to. It resolves once this
   * instance's listening connection heard the notice back (at most ECHO_WAIT_MS): PostgreSQL has
   * then handed it to every listening instance, so a sign-out or a disabled login answered here is
   * refused by the others from the moment they read their connection, not whenever it comes.
   */
  async invalidateCaches(): Promise<void> {
    this.epoch += 1;
    if (!this.notifications.listening) return this.notify(INVALIDATE);
    const id = `${this.instanceId}-${(this.sentInvalidations += 1)}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.echoes.set(id, resolve);
      timer = setTimeout(resolve, ECHO_WAIT_MS);
    });
    try {
      await this.notify(`${INVALIDATE}:${id}`);
      await heard;
    } finally {
      clearTimeout(timer);
      this.echoes.delete(id);
    }
  }

  async close(): Promise<void> {
    // What this instance announced just before stopping still reaches the others.
    await this.outgoing.drain();
    await this.group.close();
    await this.reads.close();
    await this.notifications.close();
    await this.pool.end();
  }
}

/** Options of a PostgreSQL data layer. */
export interface PostgresOptions {
  /** Most connections the pool opens (default 10). */
  poolSize?: number;
  /** Where connection problems of the listening connection are reported. */
  onError?: (error: unknown) => void;
  /** Hear other instances' notifications (default true; the CLI only sends them). */
  listen?: boolean;
}

/**
 * Connects to the database at `url` (a clear DatabaseUnreachableError when it cannot), applies
 * pending migrations (one instance at a time), and starts listening for other instances' events.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresDataLayer> {
  const config = connectionConfig(url);
  const pool = new pg.Pool({ ...config, max: options.poolSize ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle pooled connection that the server drops is discarded by the pool; say so, never crash.
  pool.on('error', (error) => options.onError?.(error));
  let schema: string;
  try {
    const { rows } = await pool.query<{ schema: string }>('SELECT current_schema() AS schema');
    schema = rows[0]?.schema ?? 'public';
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseUnreachableError(url, error);
  }
  try {
    const migrator = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    await migrate(migrator, 'postgres', postgresDialect);
    // Channels are per database: the schema keeps two stores' servers on one database apart.
    const channel = `servicepay_${schema}`
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .slice(0, 63);
    const onError = options.onError ?? (() => undefined);
    const notifications = new NotificationConnection(config, channel, onError);
    if (options.listen !== false) await notifications.start();
    const connect = () => new PipelinedConnection(config, onError);
    return new PostgresDataLayer(pool, notifications, channel, describeUrl(url), connect(), connect);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
