// npm run bench:chain — the back office's reads on a big database, over HTTP. PostgreSQL: a chain of
// 100 stores with 2,000 products each and 1,000,000 orders with their lines and payments; SQLite: one
// register with a year of sales (150,000 orders). For each: the orders list (first page, and one
// store day filtered by status), an order by number and today's sales of one store, p50/p99 over
// HTTP against `npm run serve`. Targets: p99 <= 50 ms (PostgreSQL), <= 20 ms (SQLite).
// BENCH_CHAIN_ORDERS / BENCH_REGISTER_ORDERS scale the sets; BENCH_ENGINES=sqlite runs one engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { zonedDate, nextDay, startOfZonedDay } from '../../shared/zoned-day.js';
import { startThrowawayCluster, type PostgresServer } from '../support/postgres-cluster.js';
import { startService } from '../support/service-process.js';
import type { ChainShape } from './chain-data.js';
import {
  CHAIN_CLUSTER_SETTINGS,
  chainShape,
  loadChain,
  managerHeaders,
  registerShape,
  type BenchDatabase,
} from './chain-setup.js';

const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 2;
const ZONE = 'America/Los_Angeles';

interface Scenario {
  engine: 'postgres' | 'sqlite';
  shape: ChainShape;
  targetP99: number;
  /** The store whose reads are measured. */
  store: string;
}

async function measure(scenario: Scenario, bench: BenchDatabase) {
  const loaded = await loadChain(bench, scenario.shape);
  const db = await openDataLayer(bench.database);
  const numbers = await db.all(
    db.builder
      .selectFrom('orders')
      .innerJoin('dispensaries', 'dispensaries.id', 'orders.dispensary_id')
      .select('orders.order_number as number')
      .where('dispensaries.short_name', '=', scenario.store)
      .orderBy('orders.created_at', 'desc')
      .limit(200),
  );
  await db.close();

  const server = await startService([...bench.dbArgs, '--rate-limit', '1000000000', '--log-level', 'warn']);
  try {
    const headers = await managerHeaders(server.url);
    const { shape } = scenario;
    const base = `/v2.0/dispensary/${scenario.store}/ecommerce`;
    const yesterday = zonedDate(new Date(shape.now.getTime() - 86_400_000), ZONE);
    const day = `from=${startOfZonedDay(yesterday, ZONE).toISOString()}&to=${startOfZonedDay(nextDay(yesterday), ZONE).toISOString()}`;
    const reads: [string, { path: string }[]][] = [
      ['orders, first page', [{ path: `${base}/tickets?limit=20` }]],
      ['orders of a store day, status PAID', [{ path: `${base}/tickets?limit=20&status=PAID&${day}` }]],
      ['an order by number', numbers.map(({ number }) => ({ path: `${base}/ticket/by-number/${number}` }))],
      ["today's sales", [{ path: `/v2.0/payments/summary?dispensaryShortName=${scenario.store}` }]],
    ];
    const results = [];
    for (const [label, requests] of reads) {
      const check = await fetch(`${server.url}${requests[0]!.path}`, { headers });
      if (!check.ok) throw new Error(`${label}: ${check.status} ${await check.text()}`);
      const run = await autocannon({ url: server.url, connections: CONNECTIONS, duration: SECONDS, headers, requests });
      const failed = run.non2xx + run.errors + run.timeouts;
      results.push({ label, p50: run.latency.p50, p99: run.latency.p99, perSecond: run.requests.average, failed });
    }
    return { ...loaded, results };
  } finally {
    await server.stop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,sqlite').split(',');
const now = new Date();
const scenarios: Scenario[] = [
  { engine: 'postgres', shape: chainShape(now), targetP99: 50, store: 'demo-37' },
  { engine: 'sqlite', shape: registerShape(now), targetP99: 20, store: 'demo' },
];

let allMet = true;
for (const scenario of scenarios.filter((candidate) => engines.includes(candidate.engine))) {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-chain-bench-'));
  let cluster: PostgresServer | undefined;
  try {
    let bench: BenchDatabase;
    if (scenario.engine === 'postgres') {
      cluster = await startThrowawayCluster(CHAIN_CLUSTER_SETTINGS);
      bench = { database: { database: cluster.url, dataDir: ':memory:' }, dbArgs: ['--database', cluster.url] };
    } else {
      bench = { database: { dataDir: join(dir, 'data') }, dbArgs: ['--data', join(dir, 'data')] };
    }
    const figures = await measure(scenario, bench);
    const { stores, productsPerStore } = scenario.shape;
    console.log(
      `${scenario.engine}: ${stores} store(s), ${productsPerStore} products each, ${figures.orders} orders with 3 lines, ` +
        `a session and a payment each; generated in ${figures.generated.toFixed(0)} s (${figures.loadSeconds.toFixed(0)} s with the demo load)`,
    );
    for (const result of figures.results) {
      const met = result.p99 <= scenario.targetP99 && result.failed === 0;
      allMet &&= met;
      console.log(
        `  ${met ? 'met   ' : 'MISSED'} ${result.label.padEnd(36)} p50 ${String(result.p50).padStart(3)} ms  p99 ${String(result.p99).padStart(3)} ms ` +
          `(target ${scenario.targetP99})  ${result.perSecond.toFixed(0)} req/s  failed ${result.failed}`,
      );
    }
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
console.log(allMet ? 'bench:chain: targets met' : 'bench:chain: TARGETS MISSED');
process.exitCode = allMet ? 0 : 1;
