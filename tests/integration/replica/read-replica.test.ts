// Reports from a real PostgreSQL streaming replica (issue 32, "A read replica"): a main cluster and a
// replica made with pg_basebackup for this file, the service on the first with `readDatabase` naming
// the second. The day's payment summary is read from the replica once it has replayed the sale;
// from the main database, saying why, while the replica lags past the maximum, is down or was
// promoted; and back on the replica once it is well again. The replica is never written to.
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentSummary } from '../../../shared/contracts/payment-reports.js';
import type { Queryable } from '../../../electron/server/db/query.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { ReplicaReportSource } from '../../../electron/server/reports/replica-source.js';
import { freshDatabase } from '../../support/test-database.js';
import { startPrimaryWithReplica, type PrimaryWithReplica } from '../../support/postgres-replica.js';
import {
  createTicket,
  pay,
  paymentService,
  session,
  waitForSession,
  type PaymentHarness,
} from '../payments/support/payment-fixtures.js';

const FROM_PRIMARY = 'this report is from the main database.';

let cluster: PrimaryWithReplica;
let database: string;
let service: PaymentHarness;
/** The service's clock: real time, moved on by a test that needs the replica to be minutes behind. */
let ahead = 0;
const now = () => new Date(Date.now() + ahead);
let sold = 0;

/** Sells one unit of the next product for cash; answers its total in cents. */
async function sell(): Promise<number> {
  const manager = service.tokens.manager;
  const ticket = await createTicket(service, 1, sold);
  sold += 1;
  const opened = await session(service, manager, {
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: ticket.total,
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: ticket.total });
  expect(paid.statusCode, paid.body).toBe(201);
  await waitForSession(service, manager, opened.sessionId, (s) => s.payments.every((p) => p.status === 'approved'));
  return ticket.total;
}

async function summary(): Promise<PaymentSummary> {
  const response = await service.request({
    method: 'GET',
    url: '/v2.0/payments/summary?dispensaryShortName=demo',
    headers: { authorization: `Bearer ${service.tokens.manager}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PaymentSummary>();
}

/** The reports' sales summary of the days around the service's now (the store's day among them). */
async function salesReport(): Promise<{ readFrom: string; fallback: string | null; total: { sales: number } }> {
  const day = (offset: number) => new Date(now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const response = await service.request({
    method: 'GET',
    url: `/v2.0/dispensary/demo/reports/summary?from=${day(-1)}&to=${day(1)}`,
    headers: { authorization: `Bearer ${service.tokens.manager}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The read replica as GET /health tells operators. */
async function replicaHealth(): Promise<unknown> {
  const response = await service.request({ method: 'GET', url: '/health' });
  return response.json<{ readReplica: unknown }>().readReplica;
}

/** Payments as the replica's copy of the database holds them. */
async function paymentsOnReplica(): Promise<number> {
  const [row] = await cluster.replicaQuery<{ n: number }>('SELECT count(*)::int AS n FROM payments', database);
  return row!.n;
}

beforeAll(async () => {
  cluster = await startPrimaryWithReplica();
  // The cluster is this file's own: the service migrates its database itself.
  database = cluster.primary.url;
  service = await paymentService({
    database,
    readDatabase: cluster.onReplica(database),
    readCheckEveryMs: 0,
    now,
  });
});
afterAll(async () => {
  await service?.close();
  await cluster?.stop();
});

describe('reports from a read replica', () => {
  let total = 0;
  // A test that moves the service's clock on puts it back: the next one's lag would read minutes
  // behind whenever the main database had written since the replica caught up (a background write).
  afterEach(() => {
    ahead = 0;
  });

  it('reads a sale back from the replica once it has replayed it, as of then', async () => {
    total += await sell();
    await cluster.caughtUp();
    const before = now().getTime();
    const read = await summary();
    expect(read).toMatchObject({ readFrom: 'replica', fallback: null, totals: { count: 1, amount: total } });
    // Caught up: as of the check (or the sale's commit, had the main database written since).
    expect(Date.parse(read.asOf!)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(read.asOf!)).toBeLessThanOrEqual(now().getTime());
    expect(await replicaHealth()).toMatchObject({ state: 'replica', checkedAt: expect.any(String) });
    // The reports read through the same source.
    expect(await salesReport()).toMatchObject({ readFrom: 'replica', fallback: null, total: { sales: 1 } });
  });

  it('past the maximum lag reads the main database, saying how far behind; then the replica again', async () => {
    await cluster.pauseReplay();
    total += await sell();
    ahead += 130_000;
    const behind = await summary();
    expect(behind).toMatchObject({ readFrom: 'primary', totals: { count: 2, amount: total } });
    // The lag is read at each report's check on the service's (real, moved on) clock: a second may pass between two.
    const twoMinutesBehind =
      /^The read replica is 2 min 1[0-3] s behind \(more than 30 s\); this report is from the main database\.$/;
    expect(behind.fallback).toMatch(twoMinutesBehind);
    expect(await paymentsOnReplica()).toBe(1);
    const report = await salesReport();
    expect(report).toMatchObject({ readFrom: 'primary', total: { sales: 2 } });
    expect(report.fallback).toMatch(twoMinutesBehind);

    await cluster.resumeReplay();
    await cluster.caughtUp();
    const again = await summary();
    expect(again.fallback).toBeNull();
    expect(again).toMatchObject({ readFrom: 'replica', totals: { count: 2, amount: total } });
  });

  it('a replica that is down: the main database at once, and the replica again once it is back', async () => {
    cluster.stopReplica();
    const asked = performance.now();
    const down = await summary();
    expect(performance.now() - asked).toBeLessThan(2_000);
    expect(down).toMatchObject({
      readFrom: 'primary',
      fallback: `The read replica does not answer; ${FROM_PRIMARY}`,
      totals: { count: 2 },
    });
    cluster.startReplica();
    await cluster.caughtUp();
    expect(await summary()).toMatchObject({ readFrom: 'replica', fallback: null, totals: { count: 2 } });
  });

  it('logs each change of the replica’s state once', async () => {
    const said: string[] = [];
    const log = {
      info: (words: string) => said.push(`info: ${words}`),
      warn: (words: string) => said.push(`warn: ${words}`),
    };
    const source = new ReplicaReportSource(service.app.ctx.db, cluster.onReplica(database), {
      maxLagSeconds: 30,
      checkEveryMs: 0,
      now,
      log,
    });
    const count = (db: Queryable) =>
      db.first(sql<{ n: number }>`SELECT count(*)::int AS n FROM payments`.compile(service.app.ctx.db.builder));
    try {
      for (let i = 0; i < 2; i += 1)
        expect(await source.read(count)).toMatchObject({ from: 'replica', value: { n: 2 } });
      cluster.stopReplica();
      for (let i = 0; i < 2; i += 1)
        expect(await source.read(count)).toMatchObject({ from: 'primary', value: { n: 2 } });
      cluster.startReplica();
      await cluster.caughtUp();
      expect(await source.read(count)).toMatchObject({ from: 'replica' });
      expect(said).toEqual([
        'info: Reports read the read replica.',
        'warn: The read replica does not answer; reports are from the main database.',
        'info: Reports read the read replica again.',
      ]);
    } finally {
      await source.close();
    }
  });

  it('a replica that stops during a report: the report is read again from the main database', async () => {
    const db = service.app.ctx.db;
    const count = sql<{ n: number }>`SELECT count(*)::int AS n FROM payments`.compile(db.builder);
    const runs: string[] = [];
    const read = await service.app.reportSource.read(async (from) => {
      runs.push(from === db ? 'primary' : 'replica');
      if (runs.length === 1) cluster.stopReplica();
      return from.first(count);
    });
    expect(runs).toEqual(['replica', 'primary']);
    expect(read).toMatchObject({
      from: 'primary',
      value: { n: 2 },
      fallback: `The read replica does not answer; ${FROM_PRIMARY}`,
    });
    cluster.startReplica();
    await cluster.caughtUp();
    expect(await summary()).toMatchObject({ readFrom: 'replica' });
  });

  it('never writes to the replica: a report that tries is refused there, and not run on the main database', async () => {
    const db = service.app.ctx.db;
    const write = sql`INSERT INTO notification_overflow (payload, created_at) VALUES ('report', '2026-01-01')`;
    await expect(service.app.reportSource.read((replica) => replica.run(write.compile(db.builder)))).rejects.toThrow(
      'cannot execute INSERT in a read-only transaction',
    );
    const [row] = await cluster.primaryQuery<{ n: number }>(
      'SELECT count(*)::int AS n FROM notification_overflow',
      database,
    );
    expect(row!.n).toBe(0);
  });

  it('a replica of another cluster is never read: its positions and data are not the main database’s', async () => {
    // A main database on this run's shared PostgreSQL server, and this file's replica: another cluster's standby.
    const other = await freshDatabase();
    const main = await openDataLayer({ database: other.config.database, dataDir: ':memory:' });
    const said: string[] = [];
    const source = new ReplicaReportSource(main, cluster.onReplica(database), {
      maxLagSeconds: 30,
      checkEveryMs: 0,
      now,
      log: { info: (words) => said.push(`info: ${words}`), warn: (words) => said.push(`warn: ${words}`) },
    });
    const foreign = `The read database is a replica of another PostgreSQL cluster, not of the main database; ${FROM_PRIMARY}`;
    try {
      const count = (db: Queryable) =>
        db.first(sql<{ n: number }>`SELECT count(*)::int AS n FROM payments`.compile(main.builder));
      for (let i = 0; i < 2; i += 1) {
        expect(await source.read(count)).toMatchObject({ from: 'primary', fallback: foreign, value: { n: 0 } });
      }
      expect(said).toEqual([`warn: ${foreign.replace('this report is', 'reports are')}`]);
      expect(source.lastCheck?.state).toEqual({ kind: 'foreign' });
    } finally {
      await source.close();
      await main.close();
      await other.drop();
    }
  });

  it('a promoted replica no longer follows the main database: it is not used, and says so', async () => {
    await cluster.promote();
    total += await sell();
    const read = await summary();
    expect(read).toMatchObject({
      readFrom: 'primary',
      fallback: `The read replica is no longer a standby following the main database (it was promoted); ${FROM_PRIMARY}`,
      totals: { count: 3, amount: total },
    });
    expect(await replicaHealth()).toEqual({ state: 'promoted', lagSeconds: null, checkedAt: expect.any(String) });
    // The promoted server has neither the new sale nor anything the service wrote.
    expect(await paymentsOnReplica()).toBe(2);
  });
});
