// npm run bench:inventory — issue 30's benchmark: products and packages over HTTP on both engines. For
// each engine, against `npm run serve` in a child process (SQLite in a temp folder, then a throwaway
// PostgreSQL cluster or SERVICEPAY_BENCH_DATABASE_URL):
// 1. The demo store and 20,000 products (15,000 flower, 5,000 edibles: one package each) through the
//    real CLI's catalog import; then 160 manifests of 500 packages of the flowers received through
//    the HTTP API (80,000 packages: 100,000 in all), half into the vault and half onto the sales
//    floor, so most flowers have several packages and several on the floor. Each receipt is timed.
//    Target p99 ≤ 2 s for a 500-package manifest.
// 2. The product list as the back office reads it (`GET …/setup/products`): its first page, a
//    later page (by cursor), a search by words and a stock filter, LIST_READS each after a warm-up,
//    one at a time. Target p99 ≤ 50 ms each.
// 3. A count of the edibles (5,000 packages): every package entered through the API, then applied
//    (5,000 adjustments in one write), timed. Target ≤ 2 s.
// Exits 1 when a target is missed. BENCH_ENGINES=sqlite runs one engine; BENCH_MANIFESTS,
// BENCH_PRODUCTS (flowers; the edibles are 5,000) and BENCH_LIST_READS change the counts.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startThrowawayCluster, type PostgresServer } from '../support/postgres-cluster.js';
import { startService } from '../support/service-process.js';
import { demoToken, runCli } from './bench-cli.js';

const MANIFESTS = Number(process.env.BENCH_MANIFESTS ?? 160);
const FLOWERS = Number(process.env.BENCH_PRODUCTS ?? 15_000);
const EDIBLES = 5_000;
const PER_MANIFEST = 500;
const LIST_READS = Number(process.env.BENCH_LIST_READS ?? 200);
const TARGETS = { receiveP99Ms: 2000, listP99Ms: 50, countApplyMs: 2000 };
const SETUP = '/v2.0/dispensary/demo/setup';

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const sorted = (times: number[]) => [...times].sort((a, b) => a - b);

/** The bench catalog through the real CLI: SKUs BF-n (flower) and BE-n (edibles), each with one package. */
function prepare(dbArgs: string[], dir: string): void {
  runCli(dbArgs, 'demo', 'load');
  const row = (sku: string, type: string, name: string, i: number) =>
    `${randomUUID()},${sku},${type},hybrid,Bench Farms,${name},3.5g,3.5,g,,${(10 + (i % 40)).toFixed(2)},cannabis,false,100,1A4BENCH${sku.replace('-', '')}`;
  const rows = [
    ...Array.from({ length: FLOWERS }, (_, i) => row(`BF-${i}`, 'flower', `Bench Flower ${i}`, i)),
    ...Array.from({ length: EDIBLES }, (_, i) => row(`BE-${i}`, 'edible', `Bench Gummies ${i}`, i)),
  ];
  const csv = join(dir, 'inventory-catalog.csv');
  writeFileSync(
    csv,
    `productId,sku,type,subtype,brand,name,size,weight,unitType,barcodes,price,taxClass,deli,quantityOnHand,packageLabel\n${rows.join('\n')}\n`,
  );
  runCli(dbArgs, 'catalog', 'import', csv, '--dispensary', 'demo');
}

function client(baseUrl: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<{ ms: number; json: T }> => {
    const t0 = performance.now();
    const response = await fetch(`${baseUrl}${SETUP}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - t0;
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
    return { ms, json: JSON.parse(text) as T };
  };
}

/** Manifest `m`: 500 packages of the flowers, each tag its own. */
function manifest(m: number) {
  const packages = Array.from({ length: PER_MANIFEST }, (_, i) => {
    const product = (m * 131 + i * 7) % FLOWERS;
    return {
      label: `1A4BENCHRCV${String(m).padStart(4, '0')}${String(i).padStart(5, '0')}`,
      itemName: `Bench Flower ${product}`,
      quantity: 10,
      unit: 'each',
      wholesaleCents: 5000,
      expiresOn: `2027-${String((i % 12) + 1).padStart(2, '0')}-15`,
      sku: `BF-${product}`,
    };
  });
  return {
    manifest: {
      manifestNumber: `BENCH-${m}`,
      shipperLicense: 'C11-0000123-LIC',
      packages: packages.map(({ sku: _sku, ...pkg }) => pkg),
    },
    room: m % 2 === 0 ? 'Vault' : 'Sales floor',
    packages: packages.map((pkg) => ({ label: pkg.label, productId: pkg.sku })),
  };
}

async function timedReads(read: () => Promise<{ ms: number }>): Promise<number[]> {
  for (let i = 0; i < 20; i += 1) await read();
  const times: number[] = [];
  for (let i = 0; i < LIST_READS; i += 1) times.push((await read()).ms);
  return sorted(times);
}

async function measure(engine: string, dbArgs: string[], dir: string) {
  const preparing = performance.now();
  prepare(dbArgs, dir);
  console.log(
    `  demo store and ${FLOWERS + EDIBLES} products in ${((performance.now() - preparing) / 1000).toFixed(1)} s`,
  );
  const server = await startService([...dbArgs, '--rate-limit', '1000000000', '--log-level', 'warn']);
  try {
    const call = client(server.url, await demoToken(server.url, 'manager', 'manager-demo-1'));
    // 1. Receiving.
    const receipts: number[] = [];
    for (let m = 0; m < MANIFESTS; m += 1) receipts.push((await call('POST', '/inventory/receipts', manifest(m))).ms);
    const receiveLoad = load();
    console.log(`  ${MANIFESTS} manifests of ${PER_MANIFEST} packages received (load ${receiveLoad})`);
    // 2. The product list.
    type Page = { products: unknown[]; nextCursor: string | null };
    const first = await call<Page>('GET', '/products?limit=50');
    const later = (await call<Page>('GET', `/products?limit=50&cursor=${encodeURIComponent(first.json.nextCursor!)}`))
      .json;
    const lists = {
      'first page': await timedReads(() => call('GET', '/products?limit=50')),
      'a later page': await timedReads(() =>
        call('GET', `/products?limit=50&cursor=${encodeURIComponent(later.nextCursor!)}`),
      ),
      'search "bench flower 1234"': await timedReads(() => call('GET', '/products?limit=50&search=bench+flower+1234')),
      'in stock, flower': await timedReads(() => call('GET', '/products?limit=50&type=FLOWER&stock=in_stock')),
    };
    const listLoad = load();
    // 3. A count of the edibles, every package entered, then applied.
    const count = (
      await call<{ count: { number: number } }>('POST', '/inventory/counts', { name: 'Bench', categories: ['EDIBLE'] })
    ).json.count;
    for (let i = 0; i < EDIBLES; i += 1) {
      await call('POST', `/inventory/counts/${count.number}/entries`, { package: `1A4BENCHBE${i}`, quantity: 99 });
    }
    const applied = await call<{ count: { status: string } }>('POST', `/inventory/counts/${count.number}/apply`, {});
    if (applied.json.count.status !== 'APPLIED') throw new Error(`the count is ${applied.json.count.status}`);
    return {
      engine,
      receipts: sorted(receipts),
      receiveLoad,
      lists,
      listLoad,
      countApplyMs: applied.ms,
      countLoad: load(),
    };
  } finally {
    await server.stop();
  }
}

const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
const results: Awaited<ReturnType<typeof measure>>[] = [];
for (const engine of ['sqlite', 'postgres'].filter((candidate) => engines.includes(candidate))) {
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-inventory-bench-'));
  let cluster: PostgresServer | undefined;
  try {
    console.log(`${engine}: seeding (load average ${load()})…`);
    if (engine === 'postgres') {
      const url = process.env.SERVICEPAY_BENCH_DATABASE_URL ?? (cluster = await startThrowawayCluster()).url;
      results.push(await measure(engine, ['--database', url], dir));
    } else {
      results.push(await measure(engine, ['--data', join(dir, 'data')], dir));
    }
  } finally {
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

let allMet = true;
const ms = (n: number) => `${n.toFixed(1)} ms`;
for (const r of results) {
  const packages = FLOWERS + EDIBLES + MANIFESTS * PER_MANIFEST;
  console.log(`\n${r.engine}: ${FLOWERS + EDIBLES} products, ${packages} packages`);
  const receiveP99 = percentile(r.receipts, 99);
  const receiveMet = receiveP99 <= TARGETS.receiveP99Ms;
  console.log(
    `  ${receiveMet ? 'met   ' : 'MISSED'} receiving a ${PER_MANIFEST}-package manifest, ${r.receipts.length} times: ` +
      `p50 ${ms(percentile(r.receipts, 50))}  p99 ${ms(receiveP99)}  max ${ms(r.receipts[r.receipts.length - 1]!)}  ` +
      `(target p99 ≤ ${TARGETS.receiveP99Ms} ms; load ${r.receiveLoad})`,
  );
  for (const [name, times] of Object.entries(r.lists)) {
    const met = percentile(times, 99) <= TARGETS.listP99Ms;
    allMet &&= met;
    console.log(
      `  ${met ? 'met   ' : 'MISSED'} product list, ${name}, ${times.length} GETs: p50 ${ms(percentile(times, 50))}  ` +
        `p95 ${ms(percentile(times, 95))}  p99 ${ms(percentile(times, 99))}  (target p99 ≤ ${TARGETS.listP99Ms} ms; load ${r.listLoad})`,
    );
  }
  const countMet = r.countApplyMs <= TARGETS.countApplyMs;
  allMet &&= receiveMet && countMet;
  console.log(
    `  ${countMet ? 'met   ' : 'MISSED'} applying a count of ${EDIBLES} packages: ${ms(r.countApplyMs)} ` +
      `(target ≤ ${TARGETS.countApplyMs} ms; load ${r.countLoad})`,
  );
}
console.log(allMet ? '\nbench:inventory: targets met' : '\nbench:inventory: TARGETS MISSED');
process.exitCode = allMet ? 0 : 1;
