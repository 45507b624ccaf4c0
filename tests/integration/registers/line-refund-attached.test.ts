import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import { attachTo, cashSale, openTill, productWithAt, reading, signInAt, waitUntilSent } from './register-sales.js';

// A refund by items at a register attached to a store server is refused in words (README "Refunds"):
// the lines given back are the server's record, made at its back office, where the register's sale
// (forwarded) gives them back.
let database: TestDatabase;
let server: ServiceProcess;
let manager: string;
const folders: string[] = [];
const running: ServiceProcess[] = [];

const lineOf = (db: DataLayer, orderId: string) =>
  db.first(
    db.builder
      .selectFrom('order_items')
      .select(['id', 'refunded_quantity_milli as refunded'])
      .where('order_id', '=', orderId),
  );
const paymentOf = (db: DataLayer, orderId: string) =>
  db.first(
    db.builder.selectFrom('payments').select(['id', 'refunded_cents as refunded']).where('order_id', '=', orderId),
  );

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

describe('a refund by items of a sale made at an attached register', { timeout: 120_000 }, () => {
  it("is refused at the register, in words; the server's back office gives the line back", async () => {
    const dir = await migratedFolder('servicepay-register-');
    folders.push(dir);
    const attached = await attachTo(server, dir, 'front-30');
    expect(attached.status, attached.stderr).toBe(0);
    const service = await startService(['--data', dir, '--log-level', 'warn']);
    running.push(service);
    const till = await openTill(service, 'front-30');
    const sale = await cashSale(till, await productWithAt(server, manager, 3), 2);
    await waitUntilSent(till);
    const payment = (await reading(database.config, (db) => paymentOf(db, sale.orderId)))!;
    const line = (await reading(database.config, (db) => lineOf(db, sale.orderId)))!;

    const registerManager = await signInAt(service, 'manager', 'manager-demo-1');
    const body = { lines: [{ itemId: line.id, quantity: 1 }] };
    const atRegister = await call(service, `/v2.0/payments/${payment.id}/refund`, { token: registerManager, body });
    expect(atRegister.status, JSON.stringify(atRegister.body)).toBe(409);
    expect(atRegister.body.resultDetail).toBe(
      "this register is attached to a store server: give items back at the server's back office, or refund an amount here",
    );
    const here = await reading({ dataDir: dir }, (db) =>
      db.all(db.builder.selectFrom('payment_refunds').select('id').where('payment_id', '=', payment.id)),
    );
    expect(here).toEqual([]);

    const atServer = await call(server, `/v2.0/payments/${payment.id}/refund`, { token: manager, body });
    expect(atServer.status, JSON.stringify(atServer.body)).toBe(200);
    const after = (await reading(database.config, (db) => lineOf(db, sale.orderId)))!;
    expect(Number(after.refunded)).toBe(1000);
  });
});
