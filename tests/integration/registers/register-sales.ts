import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect } from 'vitest';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { runServicepay } from '../../support/cli-in-process.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { linkOf, openTill, type Reachable, type Till } from '../../support/till.js';
import { call } from '../store-server/two-instances.js';
import { migratedFolder } from '../../support/sqlite-template.js';

/** Runs `servicepay --data dir …` with `input` on stdin: its exit status and output. */
export const servicepay = (dir: string, input: string, ...args: string[]) =>
  runServicepay(['--data', dir, ...args], input);

/** Attaches the register folder `dir` as `name` to the demo store of `server`, as its manager (`password`) or `username`. */
export const attachTo = async (
  server: Reachable,
  dir: string,
  name: string,
  password = 'manager-demo-1',
  username = 'manager',
) =>
  await servicepay(
    dir,
    password,
    'attach',
    '--server',
    server.url,
    '--dispensary',
    'demo',
    '--name',
    name,
    '--username',
    username,
    '--password-stdin',
  );

/** Reads one database (a register's folder, or the server's) and closes it. */
export async function reading<T>(
  location: { database?: string; dataDir: string },
  read: (db: DataLayer) => Promise<T>,
) {
  const db = await openDataLayer({ ...location, poolSize: 1, listen: false });
  try {
    return await read(db);
  } finally {
    await db.close();
  }
}

export { cashSale, linkOf, openTill, payCash, signInAt, type Till } from '../../support/till.js';

/** A product's stock in one database, as numbers: on hand, reserved, and what its open orders hold beyond it. */
export async function claimsIn(db: DataLayer, productId: string) {
  const row = await db.first(
    db.builder
      .selectFrom('packages')
      .select(['on_hand_milli as onHand', 'reserved_milli as reserved', 'short_milli as short'])
      .where('product_id', '=', productId),
  );
  return { onHand: Number(row!.onHand), reserved: Number(row!.reserved), short: Number(row!.short) };
}

/** `POST …/ecommerce/ticket` with `ticket` at `till`, as its POS sends one (a fresh idempotency key). */
export function postTicket(till: Till, ticket: Record<string, unknown>): Promise<Response> {
  return fetch(`${till.instance.url}/v2.0/dispensary/demo/ecommerce/ticket`, {
    method: 'POST',
    headers: {
      ...till.client,
      authorization: `Bearer ${till.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(ticket),
  });
}

/** A ticket not paid yet (`quantity` of `productId`), made at `till`: its id, number and total in cents. */
export async function openTicket(till: Till, productId: string, quantity: number) {
  const made = await postTicket(till, { type: 'PICKUP', items: [{ productId, quantity }] });
  expect(made.status).toBe(201);
  const ticket = (await made.json()) as { orderId: string; orderNumber: string; total: string };
  return { orderId: ticket.orderId, orderNumber: ticket.orderNumber, total: Math.round(Number(ticket.total) * 100) };
}

/** Hands an order over (made up, ready, completed) as `till`'s cashier: each move answers 200. */
export async function handOver(till: Till, orderId: string): Promise<void> {
  for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
    const moved = await fetch(`${till.instance.url}/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`, {
      method: 'POST',
      headers: { ...till.client, authorization: `Bearer ${till.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    expect(moved.status, `${status}: ${await moved.text()}`).toBe(200);
  }
}

/** Stock of a product's package in one database. */
export const stockIn = (db: DataLayer, productId: string) =>
  db.first(
    db.builder
      .selectFrom('packages')
      .select(['on_hand_milli as onHand', 'reserved_milli as reserved'])
      .where('product_id', '=', productId),
  );

/** A product sold by the piece with at least `available` in stock at `instance` (a register or the server). */
export async function productWithAt(instance: ServiceProcess, token: string, available: number): Promise<string> {
  const catalog = await call(instance, '/v2.0/dispensary/demo/catalog?limit=200', { token });
  const items = catalog.body.items as { productId: string; unitType: string; quantityAvailable: number }[];
  return items.find((item) => item.unitType !== 'g' && item.quantityAvailable >= available)!.productId;
}

/** Waits until the register at `till` has sent everything to its server. */
export const waitUntilSent = (till: Till) =>
  expect.poll(async () => (await linkOf(till)).waiting, { timeout: 20_000 }).toEqual({ sales: 0, changes: 0 });

/** A register attached to a store server, its service running and a cashier at its open drawer. */
export interface AttachedRegister {
  dir: string;
  service: ServiceProcess;
  till: Till;
  /** Stops its service and deletes its folder. */
  remove(): Promise<void>;
}

/**
 * Attaches a new folder as register `name` to `server`, starts its service and opens its till
 * (`drawer: false`: its drawer left closed, so it has forwarded nothing yet), and waits until the register has seen its server answer (it holds sales there only from then on).
 * A sale waits up to `serverWaitMs` (10 s) for its server here, not the product's second: a loaded
 * machine's slow answer must not turn the register into an offline one that decides alone, which is
 * not what a race test tests. A test of a server that never answers gives the product's own wait.
 */
export async function attachedRegister(
  server: Reachable,
  name: string,
  options: { drawer?: boolean; serverWaitMs?: number } = {},
): Promise<AttachedRegister> {
  const dir = await migratedFolder('servicepay-register-');
  const attached = await attachTo(server, dir, name);
  expect(attached.status, attached.stderr).toBe(0);
  const wait = String(options.serverWaitMs ?? 10_000);
  const service = await startService(['--data', dir, '--log-level', 'warn', '--server-wait-ms', wait]);
  const till = await openTill(service, name, { drawer: options.drawer });
  for (let tries = 0; (await linkOf(till)).reachable !== true; tries += 1) {
    if (tries === 200) throw new Error(`${name} never saw its server answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const remove = async () => {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, service, till, remove };
}
