import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import type { LinkStatus } from '../../../shared/contracts/registers.js';
import { formatMoney } from '../../../shared/money.js';
import { pumpSse } from '../../support/sse-pump.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { attachTo, cashSale, openTill, productWithAt, reading, signInAt, type Till } from './register-sales.js';

// A store replaces a register machine under the same name: front-1 dies with its drawer open and a
// Z report behind it; the manager attaches a new machine (a fresh folder) as front-1, which opens
// its drawer, sells and closes; later the first machine, repaired, is attached again with its folder
// and sends on. Real processes over real HTTP: the store server on the engine under test, the
// registers on their own SQLite files.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
const folders: string[] = [];
const running: ServiceProcess[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
}, 90_000);
afterAll(async () => {
  await Promise.all(running.map((instance) => instance.stop()));
  await server.stop();
  await database.drop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const onServer = <T>(read: (db: DataLayer) => Promise<T>) => reading(database.config, read);

/** Starts the register service of folder `dir`. */
async function startRegister(dir: string): Promise<ServiceProcess> {
  const service = await startService(['--data', dir, '--log-level', 'warn']);
  running.push(service);
  return service;
}

/** A new folder attached as front-1: its folder and what the attach printed. */
async function attachNew(): Promise<{ dir: string; printed: string }> {
  const dir = await migratedFolder('servicepay-register-');
  folders.push(dir);
  const attached = await attachTo(server, dir, 'front-1');
  expect(attached.status, attached.stderr).toBe(0);
  return { dir, printed: attached.stdout };
}

/** The demo cashier signed in at a register whose drawer is open already. */
async function signedIn(instance: ServiceProcess): Promise<Till> {
  const token = await signInAt(instance, 'cashier', 'cashier-demo-1');
  const client = await call(instance, '/auth-v2/terminal-client', { token, body: { terminalId: 'front-1' } });
  expect(client.status).toBe(200);
  return {
    instance,
    token,
    client: { client_id: String(client.body.clientId), client_secret: String(client.body.clientSecret) },
  };
}

/** Closes front-1's drawer at `till`, counting `amount` cents. */
async function closeDrawer(till: Till, amount: number): Promise<void> {
  const closed = await call(till.instance as ServiceProcess, '/v2.0/dispensary/demo/drawers/front-1/close', {
    token: till.token,
    body: { amount },
  });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
}

/**
 * Resolves once the register at `till` has sent its server everything it had: the first
 * `link.updated` of its live channel (its snapshot first) with nothing waiting.
 */
async function sent(till: Till): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(`${till.instance.url}/v2.0/dispensary/demo/live?topics=link`, {
    headers: { authorization: `Bearer ${till.token}` },
    signal: controller.signal,
  });
  await new Promise<void>((resolve) => {
    void pumpSse(response, (frames) => {
      const links = frames.filter((frame) => frame.event === 'link.updated');
      if (links.some((frame) => (JSON.parse(frame.data) as LinkStatus).waiting.changes === 0)) resolve();
    });
  });
  controller.abort();
}

/** front-1's shifts at the server, oldest opened first. */
const shiftsHere = () =>
  onServer((db) =>
    db.all(
      db.builder
        .selectFrom('cash_shifts')
        .select(['id', 'status', 'z_number as z', 'counted_cents as counted', 'expected_cents as expected'])
        .where('terminal_id', '=', 'front-1')
        .orderBy('opened_at'),
    ),
  ).then((rows) =>
    rows.map((row) => ({ ...row, z: row.z && Number(row.z), expected: row.expected && Number(row.expected) })),
  );

const exceptionsHere = () =>
  onServer((db) => db.all(db.builder.selectFrom('forward_exceptions').select(['kind', 'detail']).orderBy('at')));

describe('a register machine replaced under the same name', { timeout: 180_000 }, () => {
  it("records the new machine's drawer, closes the dead one's as replaced, and takes the dead one back", async () => {
    // The first machine: a shift closed (Z 1), the next one open with a sale when it dies.
    const a = await attachNew();
    let first = await startRegister(a.dir);
    const tillA = await openTill(first, 'front-1');
    const productId = await productWithAt(server, manager, 5);
    const before = await cashSale(tillA, productId, 1);
    await closeDrawer(tillA, 10_000 + before.total);
    await call(first, '/v2.0/dispensary/demo/drawers/front-1/open', { token: tillA.token, body: { amount: 10_000 } });
    const lastOfA = await cashSale(tillA, productId, 1);
    await sent(tillA);
    await first.stop('SIGKILL');
    const heldByA = 10_000 + lastOfA.total;

    // The new machine: enrolled under the same name, told the dead machine's drawer is still open here.
    const b = await attachNew();
    expect(b.printed).toContain(
      `Register front-1's drawer shift is still open at the store server: opened by Casey Cashier on `,
    );
    expect(b.printed).toContain(`its drawer should hold ${formatMoney(heldByA)}`);
    const second = await startRegister(b.dir);
    const tillB = await openTill(second, 'front-1');
    const saleB = await cashSale(tillB, productId, 2);
    await closeDrawer(tillB, 10_000 + saleB.total);
    await sent(tillB);
    await second.stop();

    // Both drawers' cash is in a report: the dead machine's closed as replaced, not counted, with what
    // it should hold; the new machine's recorded and closed as Z 2, after the dead machine's Z 1.
    const [closedByA, replaced, ofB] = await shiftsHere();
    expect(closedByA).toMatchObject({ status: 'closed', z: 1, counted: 10_000 + before.total });
    expect(replaced).toMatchObject({ status: 'closed', z: null, counted: null, expected: heldByA });
    expect(ofB).toMatchObject({
      status: 'closed',
      z: 2,
      counted: 10_000 + saleB.total,
      expected: 10_000 + saleB.total,
    });
    const paidInB = await onServer((db) =>
      db.first(db.builder.selectFrom('payments').select('shift_id').where('order_id', '=', saleB.orderId)),
    );
    expect(paidInB?.shift_id).toBe(ofB!.id);
    expect((await exceptionsHere()).map((e) => e.kind)).toEqual(['shift_replaced']);

    // The first machine, repaired, attached again with its folder: its sale reaches the server, its
    // changes the server had are not listed as missing, and its drawer's cash is added up again.
    expect((await attachTo(server, a.dir, 'front-1')).status).toBe(0);
    first = await startRegister(a.dir);
    const back = await signedIn(first);
    const late = await cashSale(back, productId, 1);
    await sent(back);
    const order = await onServer((db) =>
      db.first(db.builder.selectFrom('orders').select('status').where('id', '=', late.orderId)),
    );
    expect(order).toEqual({ status: 'COMPLETED' });
    const kinds = (await exceptionsHere()).map((e) => e.kind);
    expect(kinds).toEqual(['shift_replaced', 'shift_replaced']);
    expect((await shiftsHere())[1]).toMatchObject({ id: replaced!.id, expected: heldByA + late.total });
  });
});
