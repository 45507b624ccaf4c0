// npm run bench:cash — the drawers' reads over HTTP on both engines: the X report of a shift of
// 5,000 cash sales (with its refunds and safe drops), and the back office's shift list over a year of
// shifts (3 registers × 2 shifts a day × 365, plus their open drawers): first page, the open drawers
// with their expected cash, one store day, and one register's page half a year back. p50/p99 over HTTP
// against `npm run serve`. Target: p99 <= 50 ms on each engine. BENCH_ENGINES=sqlite runs one engine;
// BENCH_CASH_SALES scales the shift.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { zonedDate } from '../../shared/zoned-day.js';
import { encodeCursor } from '../../electron/server/db/newest-first.js';
import { shiftsList } from '../../electron/server/cash/shift-list.js';
import { startThrowawayCluster, type PostgresServer } from '../support/postgres-cluster.js';
import { startService } from '../support/service-process.js';
import { demoToken, runCli } from './bench-cli.js';
import { generateCash, type CashShape } from './cash-data.js';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 2;
const TARGET_P99 = 50;
const ZONE = 'America/Los_Angeles';
const DAY_MS = 86_400_000;

async function measure(shape: CashShape, database: { database?: string; dataDir: string }, dbArgs: string[]) {
  runCli(dbArgs, 'demo', 'load');
  const db = await openDataLayer(database);
  const generated = await generateCash(db, shape);
  await db.write((tx) => tx.run(sql`ANALYZE`.compile(db.builder)));
  const middle = await db.first(
    db.builder
      .selectFrom('cash_shifts')
      .select(['id', 'opened_at', 'dispensary_id'])
      .where('id', '=', `bench-shift-2-${shape.days}`),
  );
  const shifts = await db.first(db.builder.selectFrom('cash_shifts').select((eb) => eb.fn.countAll<number>().as('n')));
  await db.close();

  const server = await startService([...dbArgs, '--rate-limit', '1000000000', '--log-level', 'warn']);
  try {
    const token = await demoToken(server.url, 'manager', 'manager-demo-1');
    const headers = { authorization: `Bearer ${token}` };
    const drawers = '/v2.0/dispensary/demo/drawers';
    const day = zonedDate(new Date(shape.now.getTime() - 180 * DAY_MS), ZONE);
    // The cursor a page of register bench-2's shifts would give: it pages that list only.
    const list = shiftsList({ dispensaryId: middle!.dispensary_id, terminalId: 'bench-2' });
    const before = encodeCursor(list, middle!.opened_at, middle!.id);
    const reads: [string, string][] = [
      [`X report, ${shape.sales} sales`, `${drawers}/bench-1/x-report`],
      ['shifts, first page', `${drawers}/shifts?limit=50`],
      ['open drawers, expected cash', `${drawers}/shifts?status=open`],
      ['shifts of a store day', `${drawers}/shifts?day=${day}`],
      ["a register's page, mid-year", `${drawers}/shifts?terminal=bench-2&limit=50&before=${before}`],
    ];
    const check = await (await fetch(`${server.url}${drawers}/bench-1/x-report`, { headers })).json();
    const { flows, sales } = (check as { report: { flows: { cashTendered: number }; sales: { sales: number } } })
      .report;
    if (flows.cashTendered !== shape.sales * 8000 || sales.sales !== shape.sales) {
      throw new Error(`X report: ${JSON.stringify(check)}`);
    }
    const results = [];
    for (const [label, path] of reads) {
      const first = await fetch(`${server.url}${path}`, { headers });
      if (!first.ok) throw new Error(`${label}: ${first.status} ${await first.text()}`);
      const run = await autocannon({
        url: `${server.url}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
      });
      const failed = run.non2xx + run.errors + run.timeouts;
      results.push({ label, p50: run.latency.p50, p99: run.latency.p99, perSecond: run.requests.average, failed });
    }
    return { generated, shifts: Number(shifts!.n), results };
  } finally {
    await server.stop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,sqlite').split(',');
const shape: CashShape = {
  registers: 3,
  shiftsPerDay: 2,
  days: 365,
  sales: Number(process.env.BENCH_CASH_SALES ?? 5000),
  now: new Date(),
};
let allMet = true;
for (const engine of ['postgres', 'sqlite'].filter((candidate) => engines.includes(candidate))) {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-cash-bench-'));
  let cluster: PostgresServer | undefined;
  try {
    let database: { database?: string; dataDir: string };
    let dbArgs: string[];
    if (engine === 'postgres') {
      cluster = await startThrowawayCluster();
      database = { database: cluster.url, dataDir: ':memory:' };
      dbArgs = ['--database', cluster.url];
    } else {
      database = { dataDir: join(dir, 'data') };
      dbArgs = ['--data', join(dir, 'data')];
    }
    const figures = await measure(shape, database, dbArgs);
    console.log(
      `${engine}: ${figures.shifts} shifts (${shape.registers} registers × ${shape.shiftsPerDay} a day × ${shape.days} days ` +
        `+ the open ones), ${shape.sales} cash sales in the open shift; generated in ${figures.generated.toFixed(1)} s`,
    );
    for (const result of figures.results) {
      const met = result.p99 <= TARGET_P99 && result.failed === 0;
      allMet &&= met;
      console.log(
        `  ${met ? 'met   ' : 'MISSED'} ${result.label.padEnd(30)} p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms ` +
          `(target ${TARGET_P99})  ${result.perSecond.toFixed(0)} req/s  failed ${result.failed}`,
      );
    }
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(allMet ? 'bench:cash: targets met' : 'bench:cash: TARGETS MISSED');
process.exitCode = allMet ? 0 : 1;
