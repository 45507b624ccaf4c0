// npm run bench:tickets — creates 3-item tickets through the real HTTP endpoint, with full auth
// (client credentials + bearer token), for 10 s at 10 connections, and measures GET /health of the
// same server in the same run as the ceiling. Prints tickets/s, p50/p99 latency and the ratio.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { cli, startServer } from '../support/service-process.js';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const PRODUCTS = 60;
const TARGET_RATIO = 0.3;
const TARGET_P99_MS = 10;

const dir = mkdtempSync(join(tmpdir(), 'servicepay-bench-'));
try {
  // A bench catalog with stock for millions of units, imported through the real CLI.
  cli(dir, 'demo', 'load');
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
  cli(dir, 'catalog', 'import', csv, '--dispensary', 'demo');

  const server = await startServer(dir, ['--rate-limit', '1000000000']);
  try {
    const login = await fetch(`${server.url}/auth-v2/login`, {
      method: 'POST',
      headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
      body: Buffer.from(JSON.stringify({ username: 'cashier', password: 'cashier-demo-1' })).toString('base64'),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      client_id: 'spc_demo',
      client_secret: 'sps_demo_secret_change_me',
    };
    const bodies = Array.from({ length: 50 }, (_, i) =>
      JSON.stringify({
        type: 'PICKUP',
        items: [0, 1, 2].map((k) => ({ productId: productIds[(i * 3 + k) % PRODUCTS], quantity: 1 + (k % 2) })),
      }),
    );

    const run = (title: string, path: string, options: Partial<autocannon.Options> = {}) =>
      autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: DURATION_S, title, ...options });
    const ticketPath = '/v2.0/dispensary/demo/ecommerce/ticket';
    const ticketOptions: Partial<autocannon.Options> = {
      method: 'POST',
      headers,
      requests: bodies.map((body) => ({ body })),
    };

    await run('warm-up', ticketPath, { ...ticketOptions, duration: 2 });
    const ceiling = await run('ceiling: GET /health', '/health');
    const tickets = await run('POST ticket', ticketPath, ticketOptions);

    const created = tickets['2xx'];
    const failed = tickets.non2xx + tickets.errors + tickets.timeouts;
    const ticketsPerSecond = created / (tickets.duration || DURATION_S);
    const ceilingPerSecond = ceiling['2xx'] / (ceiling.duration || DURATION_S);
    const ratio = ticketsPerSecond / ceilingPerSecond;

    const db = new Database(join(dir, 'servicepay.db'), { readonly: true });
    const stored = (db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    db.close();

    const lines = [
      `ceiling (GET /health):   ${ceilingPerSecond.toFixed(0)} req/s, p50 ${ceiling.latency.p50} ms, p99 ${ceiling.latency.p99} ms`,
      `tickets (POST, 3 items): ${ticketsPerSecond.toFixed(0)} tickets/s, p50 ${tickets.latency.p50} ms, p99 ${tickets.latency.p99} ms`,
      `ratio to ceiling:        ${(ratio * 100).toFixed(1)} % (target >= ${TARGET_RATIO * 100} %)`,
      `p99 latency:             ${tickets.latency.p99} ms (target < ${TARGET_P99_MS} ms)`,
      `failed requests:         ${failed}`,
      `orders in the database:  ${stored} (every 2xx answer was fdatasynced to the WAL before it was sent)`,
    ];
    console.log(lines.join('\n'));
    const ok = ratio >= TARGET_RATIO && tickets.latency.p99 < TARGET_P99_MS && failed === 0 && stored >= created;
    console.log(ok ? 'bench:tickets: targets met' : 'bench:tickets: TARGETS MISSED');
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
