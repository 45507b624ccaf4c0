import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type ServiceProcess } from '../../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../../support/test-database.js';
import { instanceArgs, signIn } from '../../store-server/two-instances.js';
import {
  attachedRegister,
  cashSale,
  productWithAt,
  reading,
  servicepay,
  stockIn,
  waitUntilSent,
  type AttachedRegister,
} from '../../registers/register-sales.js';

// A store server (on SQLite: `servicepay backup` and `restore`) brought back from a backup made
// before a register's last sales. The register kept the changes the server had answered applied
// (`forward_sent`, a week): the server asks for them again, and ends with every sale once, its stock
// counted once, and nothing listed missing. Real processes: the server, then the register attached.
let database: TestDatabase;
let server: ServiceProcess;
let register: AttachedRegister | undefined;
const usb = mkdtempSync(join(tmpdir(), 'servicepay-usb-'));

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
}, 90_000);
afterAll(async () => {
  await register?.remove();
  await server.stop();
  await database.drop();
  rmSync(usb, { recursive: true, force: true });
});

/** The server's orders among `ids`, and what it lists as missing from the register. */
const onServer = (ids: string[]) =>
  reading(database.config, async (db) => ({
    orders: await db.all(db.builder.selectFrom('orders').select(['id', 'status']).where('id', 'in', ids)),
    missing: await db.all(
      db.builder.selectFrom('forward_exceptions').select('detail').where('kind', '=', 'changes_missing'),
    ),
  }));

describe('a store server restored from a backup', { timeout: 120_000 }, () => {
  it('gets again the sales a register sent after the backup, each once', async () => {
    const manager = await signIn(server, 'manager');
    register = await attachedRegister(server, 'front-r');
    const productId = await productWithAt(server, manager, 10);
    const before = (await reading(database.config, (db) => stockIn(db, productId)))!;
    const first = await cashSale(register.till, productId, 1);
    await waitUntilSent(register.till);

    const backedUp = await servicepay(database.config.dataDir, '', 'backup', '--to', usb);
    expect(backedUp.status, backedUp.stderr).toBe(0);
    const file = /^Backed up \d+ orders to (\S+) /m.exec(backedUp.stdout)![1]!;
    const later = [await cashSale(register.till, productId, 2), await cashSale(register.till, productId, 3)];
    await waitUntilSent(register.till);

    // The server's machine fails; its database comes back from the backup, without the later sales.
    await server.stop();
    const restored = await servicepay(database.config.dataDir, '', 'restore', file);
    expect(restored.status, restored.stderr).toBe(0);
    const laterIds = later.map((sale) => sale.orderId);
    expect((await onServer([first.orderId, ...laterIds])).orders.map((order) => order.id)).toEqual([first.orderId]);
    server = await startService(instanceArgs(database), { port: server.port });

    const last = await cashSale(register.till, productId, 1);
    await waitUntilSent(register.till);
    const sold = [first, ...later, last].map((sale) => sale.orderId);
    const { orders, missing } = await onServer(sold);
    expect(orders.map((order) => order.id).sort()).toEqual([...sold].sort());
    expect(orders.every((order) => order.status === 'COMPLETED')).toBe(true);
    expect(missing).toEqual([]);
    // Each unit left the server's shelf once: 1 + 2 + 3 + 1.
    expect(await reading(database.config, (db) => stockIn(db, productId))).toEqual({
      onHand: before.onHand - 7000,
      reserved: before.reserved,
    });
  });
});
