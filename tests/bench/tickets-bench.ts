// npm run bench:tickets — tickets per second on both engines, in one run. For each engine: 3-item
// tickets created in-process through the ticket service (10 at a time, no HTTP: the limit of what
// the HTTP layers can reach), then through the real HTTP endpoint of `npm run serve` in a child
// process with full auth (client credentials + bearer token, 10 connections, autocannon), with
// GET /health of the same server as the ceiling. Prints rates, p50/p99 and the ratios; exits 1 when
// a target is missed. BENCH_DURATION=N runs N seconds per measure (default 10);
// SERVICEPAY_BENCH_DATABASE_URL uses that PostgreSQL instead of a throwaway cluster; BENCH_PRODUCTS=N
// sells N products instead of 60 (4: every ticket contends with the others for its packages);
// BENCH_WEBHOOK=1 adds a webhook endpoint for order.created (a local receiver answering 204), so
// every ticket also records its event and the service delivers it; BENCH_IDEMPOTENCY=1 sends every
// ticket with an Idempotency-Key of its own, as integrators should.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../electron/server/app.js';
import { SYSTEM_ACTOR } from '../../electron/server/core/audit-actor.js';
import { DispensaryRepository } from '../../electron/server/dispensaries/dispensary-repository.js';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { TicketService } from '../../electron/server/tickets/ticket-service.js';
import { startThrowawayCluster, type PostgresServer } from '../support/postgres-cluster.js';
import { startService } from '../support/service-process.js';
import { demoToken, runCli } from './bench-cli.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
// BENCH_PRODUCTS=4 makes every ticket contend for the same packages (three of four).
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 60);
const WEBHOOK = process.env.BENCH_WEBHOOK === '1';
const IDEMPOTENCY = process.env.BENCH_IDEMPOTENCY === '1';
const TARGETS = { postgresToSqlite: 0.5, postgresP99Ms: 20, httpToInProcess: 0.6 };

interface Measure {
  perSecond: number;
  p50: number;
  p99: number;
}

interface EngineFigures {
  engine: string;
  inProcess: Measure;
  http: Measure;
  ceiling: number;
  failed: number;
  stored: number;
  /** Idempotency keys stored over HTTP (one per ticket with BENCH_IDEMPOTENCY=1). */
  keyed: number;
  answered: number;
}

/** A webhook receiver that takes every delivery (BENCH_WEBHOOK=1), and counts them. */
let delivered = 0;
const receiver = createServer((request, response) => {
  delivered += 1;
  request.resume();
  request.on('end', () => response.writeHead(204).end());
});

/**
 * The demo store and a bench catalog of 60 products with stock for millions, through the real CLI;
 * with BENCH_WEBHOOK=1, an endpoint for order.created at the receiver.
 */
function prepare(dbArgs: string[], dir: string): string[] {
  runCli(dbArgs, 'demo', 'load');
  if (WEBHOOK) {
    const { port } = receiver.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/servicepay`;
    runCli(dbArgs, 'webhooks', 'add', url, '--events', 'order.created', '--dispensary', 'demo', '--allow-local');
  }
  const productIds = Array.from({ length: PRODUCTS }, () => randomUUID());
  const rows = productIds.map(
    (id, i) =>
      `${id},BENCH-${i},flower,indica,Bench Farms,Bench Flower ${i},3.5g,3.5,g,,${(10 + (i % 40)).toFixed(2)},cannabis,false,5000000,1A4BENCH${String(i).padStart(8, '0')}`,
  );
  const csv = join(dir, 'bench-catalog.csv');
  writeFileSync(
    csv,
    `productId,sku,type,subtype,brand,name,size,weight,unitType,barcodes,price,taxClass,deli,quantityOnHand,packageLabel\n${rows.join('\n')}\n`,
  );
  runCli(dbArgs, 'catalog', 'import', csv, '--dispensary', 'demo');
  return productIds;
}

const ticketBody = (productIds: string[], i: number) => ({
  type: 'PICKUP' as const,
  items: [0, 1, 2].map((k) => ({ productId: productIds[(i * 3 + k) % PRODUCTS]!, quantity: 1 + (k % 2) })),
});

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Tickets created through the ticket service in this process, CONNECTIONS at a time. */
async function inProcess(config: { database?: string; dataDir: string }, productIds: string[]): Promise<Measure> {
  const app = await buildApp({ ...config, logLevel: 'silent' });
  try {
    const tickets = new TicketService(app.ctx, app.changes.orders);
    const dispensary = (await new DispensaryRepository(app.ctx.db).findByShortName('demo'))!;
    const actor = { id: 'bench', apiClientId: 'spc_demo', who: SYSTEM_ACTOR };
    const latencies: number[] = [];
    let next = 0;
    const create = () =>
      tickets.create(dispensary, ticketBody(productIds, next++), actor, IDEMPOTENCY ? randomUUID() : undefined);
    for (let i = 0; i < 200; i += 1) await create(); // warm-up
    const started = performance.now();
    const end = started + DURATION_S * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          await create();
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return { perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await app.close();
  }
}

/** Tickets through HTTP against `npm run serve`, and GET /health of the same server as the ceiling. */
async function overHttp(dbArgs: string[], productIds: string[]) {
  const server = await startService([...dbArgs, '--rate-limit', '1000000000', '--log-level', 'warn']);
  try {
    const token = await demoToken(server.url, 'cashier', 'cashier-demo-1');
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      client_id: 'spc_demo',
      client_secret: 'sps_demo_secret_change_me',
    };
    // With BENCH_IDEMPOTENCY=1, each request gets a key of its own as it is sent.
    const withKey = (request: autocannon.Request) => ({
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
    });
    const requests = Array.from({ length: 50 }, (_, i) => ({
      body: JSON.stringify(ticketBody(productIds, i)),
      ...(IDEMPOTENCY ? { setupRequest: withKey } : {}),
    }));
    const run = (title: string, path: string, options: Partial<autocannon.Options> = {}) =>
      autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: DURATION_S, title, ...options });
    const ticketOptions = { method: 'POST' as const, headers, requests };
    const ticketPath = '/v2.0/dispensary/demo/ecommerce/ticket';
    await run('warm-up', ticketPath, { ...ticketOptions, duration: 2 });
    const ceiling = await run('ceiling', '/health');
    const tickets = await run('tickets', ticketPath, ticketOptions);
    return {
      http: {
        perSecond: tickets['2xx'] / (tickets.duration || DURATION_S),
        p50: tickets.latency.p50,
        p99: tickets.latency.p99,
      },
      ceiling: ceiling['2xx'] / (ceiling.duration || DURATION_S),
      failed: tickets.non2xx + tickets.errors + tickets.timeouts,
      answered: tickets['2xx'],
    };
  } finally {
    await server.stop();
  }
}

async function measure(engine: string, config: { database?: string; dataDir: string }, dbArgs: string[], dir: string) {
  const productIds = prepare(dbArgs, dir);
  const process = await inProcess(config, productIds);
  const db = await openDataLayer(config);
  const count = async (table: 'orders' | 'idempotency_keys') =>
    Number((await db.first(db.builder.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))!.n);
  const [orders, keys] = [await count('orders'), await count('idempotency_keys')];
  const http = await overHttp(dbArgs, productIds);
  const stored = (await count('orders')) - orders;
  const keyed = (await count('idempotency_keys')) - keys;
  await db.close();
  return { engine, inProcess: process, ...http, stored, keyed } satisfies EngineFigures;
}

const f = (n: number) => n.toFixed(0).padStart(6);
const dir = mkdtempSync(join(tmpdir(), 'servicepay-bench-'));
let cluster: PostgresServer | undefined;
if (WEBHOOK) await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
try {
  const sqlite = await measure('sqlite', { dataDir: join(dir, 'data') }, ['--data', join(dir, 'data')], dir);
  const url = process.env.SERVICEPAY_BENCH_DATABASE_URL ?? (cluster = await startThrowawayCluster()).url;
  const postgres = await measure('postgres', { database: url, dataDir: ':memory:' }, ['--database', url], dir);
  const lines: string[] = [];
  const checks: [string, boolean][] = [];
  for (const figures of [sqlite, postgres]) {
    const { engine, inProcess: ip, http } = figures;
    const ratio = http.perSecond / ip.perSecond;
    lines.push(
      `${engine.padEnd(8)} in-process ${f(ip.perSecond)} tickets/s p50 ${ip.p50.toFixed(1)} ms p99 ${ip.p99.toFixed(1)} ms | ` +
        `HTTP ${f(http.perSecond)} tickets/s p50 ${http.p50} ms p99 ${http.p99} ms | HTTP/in-process ${(ratio * 100).toFixed(0)} % | ` +
        `ceiling GET /health ${f(figures.ceiling)} req/s | failed ${figures.failed} | stored ${figures.stored} of ${figures.answered} answered`,
    );
    checks.push([
      `${engine}: HTTP >= ${TARGETS.httpToInProcess * 100} % of in-process`,
      ratio >= TARGETS.httpToInProcess,
    ]);
    checks.push([
      `${engine}: no failed request, every answered ticket stored`,
      figures.failed === 0 && figures.stored >= figures.answered,
    ]);
    if (IDEMPOTENCY)
      checks.push([`${engine}: every ticket kept its Idempotency-Key`, figures.keyed === figures.stored]);
  }
  const pgRatio = postgres.http.perSecond / sqlite.http.perSecond;
  lines.push(`postgres/sqlite over HTTP: ${(pgRatio * 100).toFixed(0)} %`);
  checks.push([
    `postgres >= ${TARGETS.postgresToSqlite * 100} % of sqlite over HTTP`,
    pgRatio >= TARGETS.postgresToSqlite,
  ]);
  checks.push([`postgres p99 <= ${TARGETS.postgresP99Ms} ms over HTTP`, postgres.http.p99 <= TARGETS.postgresP99Ms]);
  if (WEBHOOK)
    lines.push(`webhook deliveries received: ${delivered} (order.created of every ticket, warm-ups included)`);
  console.log(lines.join('\n'));
  for (const [label, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${label}`);
  const ok = checks.every(([, met]) => met);
  console.log(ok ? 'bench:tickets: targets met' : 'bench:tickets: TARGETS MISSED');
  process.exitCode = ok ? 0 : 1;
} finally {
  await cluster?.stop();
  receiver.close();
  rmSync(dir, { recursive: true, force: true });
}
