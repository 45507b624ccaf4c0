// npm run bench:forward — a register attached to a store server on PostgreSQL sells BENCH_SALES
// (default 1,000) cash sales while the server is down, then the server comes back: how long until
// every sale is on the server (target ≤ 10 s), with none lost and none doubled. Beside it, the
// register's sale path (ticket + cash payment over HTTP, 4 at a time) offline against a standalone
// register's, in the same run: the offline path must be no slower (ratio ≥ 0.95 of the rate,
// allowing for the run's noise). Last, what the register's refresh adds: asking the server about its
// 1,000 latest orders (none changed there: nothing answered, which also checks that both engines
// give every order the same version).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { OWN_ORDERS_MAX } from '../../shared/contracts/registers.js';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { orderVersions } from '../../electron/server/registers/own-orders.js';
import { ownOrdersAtServer } from '../../electron/server/registers/server-client.js';
import { ServerLinkRepository } from '../../electron/server/registers/server-link-repository.js';
import { startThrowawayCluster } from '../support/postgres-cluster.js';
import { startService, type ServiceProcess } from '../support/service-process.js';
import { cashSale, linkOf, openTill, type Till } from '../support/till.js';
import { runCli, runCliWithInput } from './bench-cli.js';

const SALES = Number(process.env.BENCH_SALES ?? 1000);
const AT_ONCE = 4;
const TARGET_SECONDS = 10;
const serveArgs = ['--rate-limit', '1000000000', '--log-level', 'warn'];

/** Enough stock of every package for the whole run (the demo holds a few dozen of each). */
async function plentyOfStock(location: { database?: string; dataDir: string }): Promise<void> {
  const db = await openDataLayer(location);
  await db.write((tx) => tx.run(sql`UPDATE packages SET on_hand_milli = 100000000`.compile(db.builder)));
  await db.close();
}

/** The demo's products sold by the piece, to sell round the list. */
async function pieces(till: Till): Promise<string[]> {
  const response = await fetch(`${till.instance.url}/v2.0/dispensary/demo/catalog?limit=200`, {
    headers: { authorization: `Bearer ${till.token}` },
  });
  const items = ((await response.json()) as { items: { productId: string; unitType: string }[] }).items;
  return items.filter((item) => item.unitType !== 'g').map((item) => item.productId);
}

/** Sales made on one register: their order ids and how long each took. */
interface Sold {
  ids: string[];
  took: number[];
  seconds: number;
}

/** Sells `count` cash sales, `AT_ONCE` at a time, adding them to `sold`. */
async function sell(till: Till, products: string[], count: number, sold: Sold): Promise<void> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t = performance.now();
        sold.ids.push((await cashSale(till, products[(sold.ids.length + i) % products.length]!, 1)).orderId);
        sold.took.push(performance.now() - t);
      }
    }),
  );
  sold.seconds += (performance.now() - started) / 1000;
}

/** Sales/s, p50 and p99 in ms. */
function figures(sold: Sold) {
  const took = [...sold.took].sort((a, b) => a - b);
  const at = (q: number) => took[Math.min(took.length - 1, Math.floor(q * took.length))]!;
  return { perSecond: sold.ids.length / sold.seconds, p50: at(0.5), p99: at(0.99) };
}

/**
 * What a register's refresh adds: it asks the server about its latest orders, at the versions it
 * holds (nothing to answer once every sale is forwarded) and, for the cost of a full answer, at
 * versions the server does not have. Median time of 5 asks each, and how many orders came back.
 */
async function askOwnOrders(registerDir: string) {
  const db = await openDataLayer({ dataDir: registerDir });
  const link = (await new ServerLinkRepository(db).get(db))!;
  const latest = { since: new Date(0).toISOString(), limit: OWN_ORDERS_MAX };
  const versions = await orderVersions(db, db, link.dispensaryId, latest);
  await db.close();
  const ask = async (stale: boolean) => {
    const times: number[] = [];
    let answered = 0;
    for (let i = 0; i < 5; i += 1) {
      const orders = [...versions].map(([id, version]) => ({ id, version: stale ? `old-${version}` : version }));
      const t = performance.now();
      answered = (await ownOrdersAtServer(link.serverUrl, link.registerId, link.secret, { orders })).orders.length;
      times.push(performance.now() - t);
    }
    return { ms: times.sort((x, y) => x - y)[2]!, answered };
  };
  return { orders: versions.size, unchanged: await ask(false), stale: await ask(true) };
}

const dir = mkdtempSync(join(tmpdir(), 'servicepay-forward-bench-'));
const cluster = await startThrowawayCluster();
const running: ServiceProcess[] = [];
let met = true;
try {
  const serverArgs = ['--database', cluster.url, ...serveArgs];
  runCli(['--database', cluster.url], 'demo', 'load');
  await plentyOfStock({ database: cluster.url, dataDir: ':memory:' });
  let server = await startService(serverArgs);
  const registerDir = join(dir, 'register');
  const attach = [
    'attach',
    '--server',
    server.url,
    '--dispensary',
    'demo',
    '--name',
    'front-1',
    '--username',
    'manager',
  ];
  runCliWithInput(['--data', registerDir], 'manager-demo-1', ...attach, '--password-stdin');
  const register = await startService(['--data', registerDir, ...serveArgs]);
  running.push(register);

  // A standalone register beside it, on the same machine, for the sale path's rate.
  const standaloneDir = join(dir, 'standalone');
  runCli(['--data', standaloneDir], 'demo', 'load');
  await plentyOfStock({ dataDir: standaloneDir });
  const standalone = await startService(['--data', standaloneDir, ...serveArgs]);
  running.push(standalone);
  const aloneTill = await openTill(standalone, 'front-1');
  const till = await openTill(register, 'front-1');
  const products = await pieces(till);

  // Online first: each sale holds its units at the server, and goes there as it is made.
  while ((await linkOf(till)).reachable !== true) await sleep(100);
  const online: Sold = { ids: [], took: [], seconds: 0 };
  await sell(till, products, SALES / 4, online);
  while ((await linkOf(till)).waiting.changes > 0) await sleep(50);

  const port = server.port;
  await server.stop();
  while ((await linkOf(till)).reachable !== false) await sleep(100);
  // The two in turns, a quarter at a time, so the machine's moods fall on both alike.
  const alone: Sold = { ids: [], took: [], seconds: 0 };
  const offline: Sold = { ids: [], took: [], seconds: 0 };
  for (let turn = 0; turn < 4; turn += 1) {
    await sell(aloneTill, products, SALES / 4, alone);
    await sell(till, products, SALES / 4, offline);
  }
  await standalone.stop();
  const waiting = (await linkOf(till)).waiting;

  server = await startService(serverArgs, { port });
  running.push(server);
  const back = performance.now();
  while ((await linkOf(till)).waiting.changes > 0) await sleep(50);
  const forwardSeconds = (performance.now() - back) / 1000;

  const db = await openDataLayer({ database: cluster.url, dataDir: ':memory:' });
  const count = async (table: 'orders' | 'payments', column: 'id' | 'order_id', ids: string[]) =>
    Number(
      (await db.first(
        db.builder
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .where(column, 'in', ids),
      ))!.n,
    );
  const orders = await count('orders', 'id', offline.ids);
  const payments = await count('payments', 'order_id', offline.ids);
  const onlineOrders = await count('orders', 'id', online.ids);
  await db.close();

  const asked = await askOwnOrders(registerDir);

  const [a, o, n] = [figures(alone), figures(offline), figures(online)];
  const ratio = o.perSecond / a.perSecond;
  const fast = forwardSeconds <= TARGET_SECONDS;
  const exact = orders === SALES && payments === SALES && waiting.sales === SALES && onlineOrders === online.ids.length;
  const agreed = asked.unchanged.answered === 0 && asked.stale.answered === asked.orders;
  met = fast && exact && agreed && ratio >= 0.95;
  const f = (n: number) => n.toFixed(1);
  console.log(`sale path (ticket + cash payment, ${AT_ONCE} at a time, ${SALES} sales):`);
  console.log(`  standalone register: ${f(a.perSecond)} sales/s, p50 ${f(a.p50)} ms, p99 ${f(a.p99)} ms`);
  console.log(`  attached, offline:   ${f(o.perSecond)} sales/s, p50 ${f(o.p50)} ms, p99 ${f(o.p99)} ms`);
  console.log(`  ${ratio >= 0.95 ? 'met   ' : 'MISSED'} offline / standalone: ${ratio.toFixed(2)} (target ≥ 0.95)`);
  console.log(
    `  attached, online:    ${f(n.perSecond)} sales/s, p50 ${f(n.p50)} ms, p99 ${f(n.p99)} ms ` +
      `(${online.ids.length} sales, each held at the server; online / standalone ${(n.perSecond / a.perSecond).toFixed(2)}, no target)`,
  );
  console.log(`forwarding ${waiting.sales} offline sales (${waiting.changes} changes) to PostgreSQL:`);
  console.log(`  ${fast ? 'met   ' : 'MISSED'} ${f(forwardSeconds)} s (target ≤ ${TARGET_SECONDS} s)`);
  console.log(
    `  ${exact ? 'met   ' : 'MISSED'} on the server: ${orders} orders, ${payments} payments (each sale once); ` +
      `${onlineOrders} of ${online.ids.length} online sales`,
  );
  console.log(`the register asking about its ${asked.orders} latest orders (POST /v2.0/register/orders, median of 5):`);
  console.log(
    `  ${agreed ? 'met   ' : 'MISSED'} at the versions it holds: ${f(asked.unchanged.ms)} ms, ` +
      `${asked.unchanged.answered} answered (SQLite and PostgreSQL agree on every version); ` +
      `at stale versions: ${f(asked.stale.ms)} ms, ${asked.stale.answered} answered with their payments (no time target)`,
  );
} finally {
  await Promise.all(running.map((service) => service.stop()));
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
console.log(met ? 'bench:forward: targets met' : 'bench:forward: TARGETS MISSED');
process.exitCode = met ? 0 : 1;
