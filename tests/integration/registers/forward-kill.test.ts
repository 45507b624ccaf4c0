import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { attachTo, cashSale, linkOf, openTill, reading, stockIn } from './register-sales.js';
import { migratedFolder } from '../../support/sqlite-template.js';

// Forwarding under crashes: a register's offline sales go to the server in small batches while the
// server and the register are each killed (SIGKILL) at random points. Every sale must arrive once:
// its order, its payment, each of its status changes (appended by the server, so a change applied
// twice would show twice) and its stock.
let database: TestDatabase;
let server: ServiceProcess;
let register: ServiceProcess;
let dir: string;
const SALES = 60;
const ROUNDS = 8;
/** Small batches: a sale's changes span several, so kills land between and inside them. */
const registerEnv = { SERVICEPAY_FORWARD_BATCH: '10' };

const running = (instance: ServiceProcess) => instance.child.exitCode === null && instance.child.signalCode === null;
const startRegister = () => startService(['--data', dir, '--log-level', 'silent'], { env: registerEnv });
const startServer = (port: number) => startService(instanceArgs(database), { port });

/** Per order: its status changes, in a form both databases answer alike. */
const historyOf = (db: DataLayer, ids: string[]) =>
  db
    .all(
      db.builder
        .selectFrom('order_status_history')
        .select(['order_id as orderId', 'to_status as to'])
        .where('order_id', 'in', ids)
        .orderBy('order_id')
        .orderBy('at')
        .orderBy('to_status'),
    )
    .then((rows) => rows.map((r) => `${r.orderId}:${r.to}`));

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  dir = await migratedFolder('servicepay-register-kill-');
  const attached = await attachTo(server, dir, 'front-k');
  expect(attached.status, attached.stderr).toBe(0);
  register = await startRegister();
}, 90_000);
afterAll(async () => {
  await register.stop();
  await server.stop();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe('forwarding while the server and the register are killed', { timeout: 240_000 }, () => {
  it('loses nothing and applies nothing twice', async () => {
    // What the test was doing, told when it fails (a timeout names no line).
    let doing = 'reading the catalog';
    const killedAt: number[] = [];
    onTestFailed(() =>
      console.error(`forward-kill failed while ${doing}; left in the queue at each kill: ${killedAt}`),
    );
    const manager = await signIn(server, 'manager');
    const catalog = await call(server, '/v2.0/dispensary/demo/catalog?limit=200', { token: manager });
    const { productId } = (
      catalog.body.items as { productId: string; unitType: string; quantityAvailable: number }[]
    ).find((item) => item.unitType !== 'g' && item.quantityAvailable >= SALES)!;
    const before = (await reading(database.config, (db) => stockIn(db, productId)))!;
    const port = server.port;
    doing = 'stopping the server';
    await server.stop();
    doing = 'selling offline';

    let till = await openTill(register, 'front-k');
    const ids: string[] = [];
    for (let i = 0; i < SALES; i += 1) ids.push((await cashSale(till, productId, 1)).orderId);
    const waiting = (await linkOf(till)).waiting;
    expect(waiting.sales).toBe(SALES);

    // Each round kills one side once part of what waits has gone: the server (the register goes on),
    // or the register (started again at once, the server goes on).
    const probe = await openDataLayer({ dataDir: dir, poolSize: 1, listen: false });
    const queued = async () =>
      Number((await probe.first(probe.builder.selectFrom('forward_queue').select((e) => e.fn.countAll().as('n'))))!.n);
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        doing = `round ${round + 1}: starting the server`;
        if (!running(server)) server = await startServer(port);
        doing = `round ${round + 1}: waiting for part of the queue to go`;
        const start = await queued();
        const killAt = Math.floor(start * (0.75 + Math.random() * 0.2));
        const deadline = Date.now() + 15_000;
        while ((await queued()) > killAt && Date.now() < deadline) await sleep(5);
        killedAt.push(await queued());
        doing = `round ${round + 1}: killing`;
        if (round % 2 === 0) {
          await server.stop('SIGKILL');
        } else {
          await register.stop('SIGKILL');
          register = await startRegister();
        }
      }
    } finally {
      await probe.close();
    }
    // The kills came while changes still waited: they landed in the middle of the forwarding.
    expect(killedAt.filter((left) => left > 0)).toHaveLength(ROUNDS);
    doing = 'starting the server at the end';
    if (!running(server)) server = await startServer(port);
    doing = 'waiting for the queue to empty';
    till = { ...till, instance: register };
    await expect
      .poll(async () => (await linkOf(till)).waiting, { timeout: 60_000, interval: 500 })
      .toEqual({ sales: 0, changes: 0 });

    doing = 'comparing the databases';
    const onRegister = await reading({ dataDir: dir }, (db) => historyOf(db, ids));
    const onServer = await reading(database.config, (db) => historyOf(db, ids));
    expect(onServer).toEqual(onRegister);
    const counts = await reading(database.config, async (db) => ({
      orders: (await db.all(db.builder.selectFrom('orders').select('id').where('id', 'in', ids))).length,
      payments: (await db.all(db.builder.selectFrom('payments').select('id').where('order_id', 'in', ids))).length,
      exceptions: (await db.all(db.builder.selectFrom('forward_exceptions').select('id'))).length,
      stock: await stockIn(db, productId),
    }));
    expect(counts).toEqual({
      orders: SALES,
      payments: SALES,
      exceptions: 0,
      // Each sale was handed over as it was paid: its unit left the shelf.
      stock: { onHand: before.onHand - SALES * 1000, reserved: before.reserved },
    });
  });
});
