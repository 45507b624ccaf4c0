// npm run bench:reports — issue 32's reports at chain scale, over HTTP. PostgreSQL: bench:chain's
// chain (100 stores, 1,000,000 orders over a year: six categories, 37 brands, two makers a store,
// cash and credit, voids and refunds) on a main cluster with a streaming replica (fsync on), the
// service started with --read-database: a month of one store (summary, sales by category and by
// budtender) p99 <= 200 ms and the same over a quarter of the whole chain p99 <= 2 s, every answer
// from the replica and counting the generated sales; then bench:tickets on a database of the main
// cluster without and with the chain's quarter by category asked every 2 s: >= 90 % of its HTTP
// rate. SQLite: one register's year (150,000 orders), summary and by category, p99 <= 200 ms.
// BENCH_CHAIN_ORDERS / BENCH_REGISTER_ORDERS / BENCH_ENGINES shrink it; BENCH_RUNS (100),
// BENCH_CHAIN_RUNS (20) and BENCH_REGISTER_RUNS (50) are the timed runs of a store's month, the
// chain's quarter and the register's year (after one untimed run each); BENCH_TICKETS=0
// skips the tickets; BENCH_DURATION (5) is bench:tickets' seconds per measure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { DayTotalsWriter } from '../../electron/server/reports/day-totals-writer.js';
import { zonedDate } from '../../shared/zoned-day.js';
import { startPrimaryWithReplica } from '../support/postgres-replica.js';
import { startService } from '../support/service-process.js';
import {
  CHAIN_CLUSTER_SETTINGS,
  chainShape,
  loadChain,
  managerHeaders,
  registerShape,
  type BenchDatabase,
} from './chain-setup.js';
import { closedSales, daysBefore, monthsBefore, timeRead, type ReportRead, type Timed } from './report-reads.js';
import { ticketsWithReports } from './tickets-beside.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CHAIN_RUNS = Number(process.env.BENCH_CHAIN_RUNS ?? 20);
const REGISTER_RUNS = Number(process.env.BENCH_REGISTER_RUNS ?? 50);
const TICKETS = process.env.BENCH_TICKETS !== '0';
const SERVE_FLAGS = ['--rate-limit', '1000000000', '--log-level', 'warn'];
const STORE = 'demo-37';

const checks: [string, boolean][] = [];
const check = (label: string, ok: boolean) => checks.push([label, ok]);

/** Prints and checks the reads of one range: each p99 against its target, the answers against the database. */
function report(title: string, timed: Timed[], expected: number, readFrom: string): void {
  console.log(title);
  for (const t of timed) {
    const met = t.p99 <= t.targetP99;
    check(`${title}: ${t.label} p99 <= ${t.targetP99} ms`, met);
    console.log(
      `  ${met ? 'met   ' : 'MISSED'} ${t.label.padEnd(22)} p50 ${t.p50.toFixed(0).padStart(5)} ms  p99 ${t.p99.toFixed(0).padStart(5)} ms` +
        `  (target ${t.targetP99}, ${t.runs} runs)`,
    );
  }
  const [summary, ...sales] = timed.map((t) => t.answer);
  const labels = (i: number) =>
    new Set((sales[i]!.rows ?? sales[i]!.stores!.flatMap((s) => s.rows)).map((r) => r.label));
  console.log(
    `  counted ${summary!.total.sales} sales (the database: ${expected}), returns ${summary!.total.returnsCents} ¢, ` +
      `${labels(0).size} categories, ${labels(1).size} budtenders, from the ${summary!.readFrom}`,
  );
  check(`${title}: every sale counted`, summary!.total.sales === expected && expected > 0);
  check(
    `${title}: refunds and two tenders counted`,
    summary!.total.returnsCents > 0 && summary!.total.tenders!.length >= 2,
  );
  check(`${title}: the categories add up to the summary`, sales[0]!.total.netCents === summary!.total.netCents);
  check(
    `${title}: six categories, budtenders by name`,
    labels(0).size >= 6 && labels(1).size >= 2 && ![...labels(1)].some((l) => l.startsWith('staff:')),
  );
  check(
    `${title}: read from the ${readFrom}`,
    timed.every((t) => t.answer.readFrom === readFrom),
  );
}

/**
 * The closed store days added up as the service's job does after it starts (day-totals-writer.ts),
 * before the reads are timed: how long that takes, once, on this data.
 */
async function addUpDays(bench: BenchDatabase, now: Date): Promise<void> {
  const db = await openDataLayer(bench.database);
  try {
    const started = performance.now();
    const days = await new DayTotalsWriter(db, () => now).run();
    console.log(`  ${days} store days added up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

async function chainOnPostgres(now: Date): Promise<void> {
  const pair = await startPrimaryWithReplica({
    ...CHAIN_CLUSTER_SETTINGS,
    fsync: 'on',
    synchronous_commit: 'on',
    shared_buffers: '512MB',
    max_connections: 400,
  });
  try {
    const url = pair.primary.url;
    const bench: BenchDatabase = { database: { database: url, dataDir: ':memory:' }, dbArgs: ['--database', url] };
    const loaded = await loadChain(bench, chainShape(now));
    await addUpDays(bench, now);
    const replayed = performance.now();
    await pair.caughtUp(60 * 60_000);
    console.log(
      `postgres: 100 stores, ${loaded.orders} orders; generated in ${loaded.generated.toFixed(0)} s ` +
        `(${loaded.loadSeconds.toFixed(0)} s with the demo load), the replica caught up ${((performance.now() - replayed) / 1000).toFixed(0)} s later`,
    );
    const server = await startService([...bench.dbArgs, '--read-database', pair.onReplica(url), ...SERVE_FLAGS]);
    const db = await openDataLayer(bench.database);
    try {
      const headers = await managerHeaders(server.url);
      const stores = await db.all(db.builder.selectFrom('dispensaries').select(['id', 'short_name', 'timezone']));
      const store = stores.find((s) => s.short_name === STORE)!;
      const month = monthsBefore(zonedDate(now, store.timezone), 1);
      const quarter = monthsBefore(zonedDate(now, store.timezone), 3);
      const reads = (base: string, range: { from: string; to: string }, target: number): ReportRead[] => [
        { label: 'summary', path: `${base}/summary?from=${range.from}&to=${range.to}`, targetP99: target },
        {
          label: 'sales by category',
          path: `${base}/sales?from=${range.from}&to=${range.to}&by=category`,
          targetP99: target,
        },
        {
          label: 'sales by budtender',
          path: `${base}/sales?from=${range.from}&to=${range.to}&by=budtender`,
          targetP99: target,
        },
      ];
      const timeAll = async (list: ReportRead[], runs: number) => {
        const timed: Timed[] = [];
        for (const read of list) timed.push(await timeRead(server.url, headers, read, runs));
        return timed;
      };
      const storeReads = await timeAll(reads(`/v2.0/dispensary/${STORE}/reports`, month, 200), RUNS);
      report(
        `a month of ${STORE} (${month.from}…${month.to})`,
        storeReads,
        await closedSales(db, [store], month),
        'replica',
      );
      const chainReads = await timeAll(reads('/v2.0/reports', quarter, 2000), CHAIN_RUNS);
      report(
        `a quarter of the chain (${quarter.from}…${quarter.to})`,
        chainReads,
        await closedSales(db, stores, quarter),
        'replica',
      );
      if (TICKETS) {
        const path = reads('/v2.0/reports', quarter, 2000)[1]!.path;
        const rates = await ticketsWithReports(url, () => fetch(`${server.url}${path}`, { headers }));
        check(
          'bench:tickets on the main database keeps >= 90 % of its HTTP rate with a report every 2 s',
          rates.ratio >= 0.9,
        );
      }
    } finally {
      await db.close();
      await server.stop();
    }
  } finally {
    await pair.stop();
  }
}

async function registerOnSqlite(now: Date): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-reports-bench-'));
  try {
    const bench: BenchDatabase = { database: { dataDir: join(dir, 'data') }, dbArgs: ['--data', join(dir, 'data')] };
    const loaded = await loadChain(bench, registerShape(now));
    console.log(`sqlite: one register, ${loaded.orders} orders; generated in ${loaded.generated.toFixed(0)} s`);
    await addUpDays(bench, now);
    const db = await openDataLayer(bench.database);
    const store = (await db.first(
      db.builder.selectFrom('dispensaries').select(['id', 'timezone']).where('short_name', '=', 'demo'),
    ))!;
    const today = zonedDate(now, store.timezone);
    const year = { from: daysBefore(today, 365), to: daysBefore(today, 1) };
    const expected = await closedSales(db, [store], year);
    await db.close();
    const server = await startService([...bench.dbArgs, ...SERVE_FLAGS]);
    try {
      const headers = await managerHeaders(server.url);
      const base = `/v2.0/dispensary/demo/reports`;
      const range = `from=${year.from}&to=${year.to}`;
      const timed: Timed[] = [];
      for (const read of [
        { label: 'summary', path: `${base}/summary?${range}`, targetP99: 200 },
        { label: 'sales by category', path: `${base}/sales?${range}&by=category`, targetP99: 200 },
        { label: 'sales by budtender', path: `${base}/sales?${range}&by=budtender`, targetP99: 200 },
      ])
        timed.push(await timeRead(server.url, headers, read, REGISTER_RUNS));
      report(`a register's year on SQLite (${year.from}…${year.to})`, timed, expected, 'primary');
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,sqlite').split(',');
const now = new Date();
if (engines.includes('postgres')) await chainOnPostgres(now);
if (engines.includes('sqlite')) await registerOnSqlite(now);
for (const [label, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${label}`);
const allMet = checks.every(([, ok]) => ok);
console.log(allMet ? 'bench:reports: targets met' : 'bench:reports: TARGETS MISSED');
process.exitCode = allMet ? 0 : 1;
