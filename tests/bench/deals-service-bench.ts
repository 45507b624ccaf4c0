/**
 * The deals through the service (issue 31), on SQLite: the demo store with a bench catalog of 400
 * products (12 brands, 8 categories) and 300 random active deals (random-deals.ts: every product in
 * some 30 deals' scopes, 5–6 discounts a line). Over HTTP it also reports the served process's CPU
 * time per request (rates and latencies swing with the shared machine; tests/bench/README.md). Measures
 * (1) a 20-line quote in-process (`quoteTicket` with the store's deals): p99 ≤ 10 ms;
 * (2) the same quotes over HTTP against `npm run serve` (10 connections, autocannon): p99 ≤ 25 ms;
 * (3) 3-item tickets created in-process, 10 at a time, with the 300 deals and with none, in turns:
 *     with deals ≥ 90 % of the rate without (bench:tickets' in-process measure; "loses no more than 10 %");
 * (4) the same tickets through `POST …/ecommerce/ticket` of that service (10 connections), the 300 deals
 *     paused and resumed in turns (bench:tickets' HTTP measure): with deals ≥ 90 % of the rate without.
 * (3) and (4) are measured in BENCH_ROUNDS short rounds (default 8 of BENCH_DURATION / 4 seconds each
 * way), each round's ratio of the two rates, and the median of those: this machine's speed drifts by
 * tens of percent within minutes, which two long windows measured one after the other carried into
 * their ratio, while two short ones side by side share it (tests/bench/README.md, ninth session).
 * BENCH_DURATION=N seconds (default 10) for the quotes over HTTP, BENCH_QUOTES=N in-process quotes
 * (default 1,000); BENCH_MIX=store prices with a store's mix of the 300 deals (random-deals.ts `STORE`,
 * ~1.5 discounts a line) instead of the stress the targets are read on (`STRESS`, ~5.5 a line).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../electron/server/app.js';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { InventoryRepository } from '../../electron/server/catalog/inventory-repository.js';
import { SYSTEM_ACTOR } from '../../electron/server/core/audit-actor.js';
import { DealsForSale } from '../../electron/server/deals/deals-for-sale.js';
import { DispensaryRepository } from '../../electron/server/dispensaries/dispensary-repository.js';
import { quoteTicket } from '../../electron/server/tickets/ticket-quote.js';
import { NO_DEALS, type SaleDeals } from '../../electron/server/tickets/sale-deals.js';
import { TicketService } from '../../electron/server/tickets/ticket-service.js';
import { startService } from '../support/service-process.js';
import { demoToken } from './bench-cli.js';
import { processCpuMs } from './process-cpu.js';
import { addDeals, cart, prepare } from './deals-bench-store.js';
import { benchMix } from './random-deals.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
/** Seconds of each way of a round of (3) and (4). */
const ROUND_S = DURATION_S / 4;
const QUOTES = Number(process.env.BENCH_QUOTES ?? 1_000);
/** The share of the 300 deals on every product (BENCH_EVERY_PRODUCT; default 0.02: six store-wide deals). */
const EVERY_PRODUCT = Number(process.env.BENCH_EVERY_PRODUCT ?? 0.02);
const CONNECTIONS = 10;
const TARGETS = { quoteInProcessP99Ms: 10, quoteHttpP99Ms: 25, ticketsWithDeals: 0.9 };

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const median = (values: number[]) => quantile(values, 0.5);

/** Runs each of `ways` once a round for ROUNDS rounds, the first way first in even rounds, last in odd ones. */
async function inTurns<K extends string>(ways: readonly K[], run: (way: K) => Promise<void>): Promise<void> {
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const way of round % 2 === 0 ? ways : [...ways].reverse()) await run(way);
  }
}

/** The median of the rounds' ratios `with / without`, and the lowest and highest. */
function ratioOf({ with: withDeals, without }: { with: number[]; without: number[] }) {
  const ratios = withDeals.map((value, round) => value / without[round]!);
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

/** Tickets per second created in-process with `deals`, CONNECTIONS at a time. */
async function ticketRate(
  tickets: (deals: SaleDeals) => TicketService,
  deals: SaleDeals,
  create: (t: TicketService) => Promise<unknown>,
) {
  const service = tickets(deals);
  for (let i = 0; i < 100; i += 1) await create(service);
  let made = 0;
  const started = performance.now();
  const end = started + ROUND_S * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        await create(service);
        made += 1;
      }
    }),
  );
  return made / ((performance.now() - started) / 1000);
}

const dir = mkdtempSync(join(tmpdir(), 'servicepay-deals-bench-'));
const dataDir = join(dir, 'data');
const dbArgs = ['--data', dataDir];
try {
  const ids = prepare(dbArgs, dir);
  const app = await buildApp({ dataDir, logLevel: 'silent' });
  const { db } = app.ctx;
  const dispensary = (await new DispensaryRepository(db).findByShortName('demo'))!;
  await addDeals(db, dispensary.id, ids, EVERY_PRODUCT, benchMix().mix);
  const deals = new DealsForSale(db);
  const inventory = new InventoryRepository(db);

  // (1) Quotes in-process.
  const quotes: number[] = [];
  let discounted = 0;
  let discounts = 0;
  for (let i = 0; i < QUOTES + 100; i += 1) {
    const t0 = performance.now();
    const quote = await quoteTicket(db, inventory, dispensary, cart(ids, 20), new Date(), { deals });
    if (i >= 100) quotes.push(performance.now() - t0);
    if (quote.deals.length > 0) discounted += 1;
    for (const item of quote.items) discounts += item.discounts?.length ?? 0;
  }

  // (3) Tickets in-process, with and without the deals, in turns.
  const actor = { id: 'bench', apiClientId: 'spc_demo', who: SYSTEM_ACTOR };
  const make = (with_: SaleDeals) =>
    new TicketService(app.ctx, app.changes.orders, {}, undefined, undefined, { deals: with_ });
  const create = (service: TicketService) => service.create(dispensary, cart(ids, 3), actor);
  const rates = { without: [] as number[], with: [] as number[] };
  await inTurns(['without', 'with'] as const, async (way) => {
    rates[way].push(await ticketRate(make, way === 'with' ? deals : NO_DEALS, create));
  });
  await app.close();

  // (2) Quotes over HTTP.
  const server = await startService([...dbArgs, '--rate-limit', '1000000000', '--log-level', 'warn']);
  let http: autocannon.Result;
  const overHttp = { without: [] as number[], with: [] as number[], failed: 0 };
  // The served process's CPU time per request (ms): steadier than rates on a shared machine.
  const serverCpu = { quote: 0, without: [] as number[], with: [] as number[] };
  const cpuPerRequest = async (run: () => Promise<autocannon.Result>) => {
    const before = processCpuMs(server.child.pid!);
    const result = await run();
    return { result, cpuMs: (processCpuMs(server.child.pid!) - before) / (result['2xx'] + result.non2xx) };
  };
  try {
    const token = await demoToken(server.url, 'cashier', 'cashier-demo-1');
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      client_id: 'spc_demo',
      client_secret: 'sps_demo_secret_change_me',
    };
    const requests = Array.from({ length: 50 }, () => ({ body: JSON.stringify(cart(ids, 20)) }));
    const url = `${server.url}/v2.0/dispensary/demo/ecommerce/ticket/quote`;
    // The load from a worker thread of autocannon's (`workers: 1`): its own heap, so the pauses of this
    // process's garbage (the in-process phase's app and tickets) never count as the service's latency.
    const options = { url, method: 'POST' as const, headers, requests, connections: CONNECTIONS, workers: 1 };
    await autocannon({ ...options, duration: 2 });
    const quoted = await cpuPerRequest(() => autocannon({ ...options, duration: DURATION_S }));
    http = quoted.result;
    serverCpu.quote = quoted.cpuMs;

    // (4) Tickets over HTTP: the store's deals paused (another process's commit: the service reads
    // its deals again at once) and resumed, in turns.
    const tickets = Array.from({ length: 50 }, () => ({ body: JSON.stringify(cart(ids, 3)) }));
    const ticketOptions = { ...options, url: `${server.url}/v2.0/dispensary/demo/ecommerce/ticket`, requests: tickets };
    const store = await openDataLayer({ dataDir });
    const dealsOn = (on: boolean) =>
      store.write((tx) =>
        tx.run(
          store.builder
            .updateTable('deals')
            .set({ active: on ? 1 : 0 })
            .where('archived_at', 'is', null),
        ),
      );
    try {
      await inTurns(['without', 'with'] as const, async (way) => {
        await dealsOn(way === 'with');
        await autocannon({ ...ticketOptions, duration: 0.5 });
        const { result, cpuMs } = await cpuPerRequest(() => autocannon({ ...ticketOptions, duration: ROUND_S }));
        overHttp[way].push(result['2xx'] / ROUND_S);
        serverCpu[way].push(1 / cpuMs);
        overHttp.failed += result.non2xx + result.errors + result.timeouts;
      });
    } finally {
      await store.close();
    }
  } finally {
    await server.stop();
  }

  const ratio = ratioOf(rates);
  const httpRatio = ratioOf(overHttp);
  // The service's CPU as rates (tickets per millisecond of its CPU), so that its ratio reads as the others'.
  const cpuRatio = ratioOf(serverCpu);
  const failed = http.non2xx + http.errors + http.timeouts;
  const checks: [string, boolean][] = [
    [
      `20-line quote in-process p99 ≤ ${TARGETS.quoteInProcessP99Ms} ms`,
      quantile(quotes, 0.99) <= TARGETS.quoteInProcessP99Ms,
    ],
    [
      `20-line quote over HTTP p99 ≤ ${TARGETS.quoteHttpP99Ms} ms, none failed`,
      http.latency.p99 <= TARGETS.quoteHttpP99Ms && failed === 0,
    ],
    [
      `tickets with 300 deals ≥ ${TARGETS.ticketsWithDeals * 100} % of the rate without, in-process`,
      ratio.median >= TARGETS.ticketsWithDeals,
    ],
    [
      `tickets with 300 deals ≥ ${TARGETS.ticketsWithDeals * 100} % of the rate without, over HTTP, none failed`,
      httpRatio.median >= TARGETS.ticketsWithDeals && overHttp.failed === 0,
    ],
  ];
  console.log(
    `300 deals, 400 products; ${discounted} of ${QUOTES + 100} 20-line quotes got a deal, ` +
      `${(discounts / (QUOTES + 100) / 20).toFixed(1)} discounts a line`,
  );
  console.log(
    `quote in-process:  p50 ${quantile(quotes, 0.5).toFixed(2)} ms, p99 ${quantile(quotes, 0.99).toFixed(2)} ms`,
  );
  console.log(
    `quote over HTTP:   ${(http['2xx'] / DURATION_S).toFixed(0)} req/s, p50 ${http.latency.p50} ms, p99 ${http.latency.p99} ms, failed ${failed}; ` +
      `the service's CPU ${(serverCpu.quote * 1000).toFixed(0)} µs a quote`,
  );
  const percent = (value: number) => `${(100 * value).toFixed(0)} %`;
  const turns = (ways: { with: number[]; without: number[] }, said: (value: number) => string) =>
    `${said(median(ways.without))} without deals, ${said(median(ways.with))} with 300 (medians of ${ROUNDS} rounds of ${ROUND_S} s each way)`;
  const ratioSaid = ({ median: middle, low, high }: ReturnType<typeof ratioOf>) =>
    `with deals at ${percent(middle)} of the rate without (median of the rounds' ratios; ${percent(low)}–${percent(high)})`;
  const perSecond = (value: number) => `${value.toFixed(0)}/s`;
  console.log(`tickets in-process: ${turns(rates, perSecond)}; ${ratioSaid(ratio)}`);
  console.log(`tickets over HTTP:  ${turns(overHttp, perSecond)}, failed ${overHttp.failed}; ${ratioSaid(httpRatio)}`);
  console.log(
    `  the service's CPU a ticket: ${turns(serverCpu, (rate) => `${(1000 / rate).toFixed(0)} µs`)}; ` +
      `the rate that CPU allows ${percent(cpuRatio.median)}`,
  );
  for (const [label, ok] of checks) console.log(`${ok ? 'met   ' : 'MISSED'} ${label}`);
  const ok = checks.every(([, met]) => met);
  console.log(ok ? 'bench:deals (service): targets met' : 'bench:deals (service): TARGETS MISSED');
  process.exitCode = ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
