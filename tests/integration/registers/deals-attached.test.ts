import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { call, instanceArgs, signIn } from '../store-server/two-instances.js';
import {
  attachTo,
  linkOf,
  openTill,
  payCash,
  productWithAt,
  reading,
  waitUntilSent,
  type Till,
} from './register-sales.js';

// A deal set up at the store server reaches its registers, and a register offline prices a sale with
// it exactly as the server would (README "Deals"); the sale forwarded keeps the deal on its lines.
let database: TestDatabase;
let server: ServiceProcess;
let register: ServiceProcess;
let manager: string;
let dir: string;
let till: Till;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startService(instanceArgs(database));
  manager = await signIn(server, 'manager');
  dir = await migratedFolder('servicepay-register-');
  const attached = await attachTo(server, dir, 'front-31');
  expect(attached.status, attached.stderr).toBe(0);
  register = await startService(['--data', dir, '--log-level', 'warn']);
  till = await openTill(register, 'front-31');
}, 90_000);
afterAll(async () => {
  await register?.stop();
  await server?.stop();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: object) =>
  fetch(`${register.url}/v2.0/dispensary/demo/ecommerce/${path}`, {
    method: 'POST',
    headers: {
      ...till.client,
      authorization: `Bearer ${till.token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });

describe('deals on an attached register', { timeout: 120_000 }, () => {
  it('reach the register, price a sale offline as the server would, and the sale keeps them when forwarded', async () => {
    const productId = await productWithAt(server, manager, 3);
    const added = await call(server, '/v2.0/dispensary/demo/setup/deals', {
      token: manager,
      body: {
        name: 'Register special',
        kind: 'amount',
        amountCents: 150,
        totalLimit: 10,
        scope: { productIds: [productId], brands: [], categories: [], tags: [] },
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // A set-up change of the store has its registers refresh within a second or two.
    await expect
      .poll(() => reading({ dataDir: dir }, (db) => db.all(db.builder.selectFrom('deals').select('name'))), {
        timeout: 20_000,
      })
      .toEqual([{ name: 'Register special' }]);
    const body = { type: 'PICKUP', items: [{ productId, quantity: 2 }] };
    const quoted = await call(server, '/v2.0/dispensary/demo/ecommerce/ticket/quote', {
      token: manager,
      client: true,
      body,
    });
    expect(quoted.status, JSON.stringify(quoted.body)).toBe(200);
    const atServer = quoted.body as unknown as Ticket;
    expect(atServer.deals).toEqual([expect.objectContaining({ name: 'Register special', amount: '3.00' })]);

    // The server goes away: the register prices the same cart the same, to the cent, and sells it.
    const port = server.port;
    await server.stop();
    await expect.poll(async () => (await linkOf(till)).reachable, { timeout: 5_000 }).toBe(false);
    const offline = (await (await post('ticket/quote', body)).json()) as Ticket;
    expect({ deals: offline.deals, total: offline.total }).toEqual({ deals: atServer.deals, total: atServer.total });
    const made = await post('ticket', body);
    expect(made.status).toBe(201);
    const sale = (await made.json()) as Ticket;
    await payCash(till, sale.orderNumber, Math.round(Number(sale.total) * 100));

    server = await startService(instanceArgs(database), { port });
    await waitUntilSent(till);
    const forwarded = await reading(database.config, (db) =>
      db.all(db.builder.selectFrom('order_items').select('deal_discounts').where('order_id', '=', sale.orderId)),
    );
    expect(forwarded.map((row) => JSON.parse(row.deal_discounts))).toEqual([
      [expect.objectContaining({ name: 'Register special', amountCents: 300 })],
    ]);
    // Its use of the deal (which has a limit) is counted where it was sold and where it was forwarded.
    const dealId = (added.body as { deal: { id: string } }).deal.id;
    const usesOf = (config: { dataDir: string; database?: string }) =>
      reading(config, (db) =>
        db.all(
          db.builder.selectFrom('deal_uses').select(['deal_id', 'customer_id']).where('order_id', '=', sale.orderId),
        ),
      );
    expect(await usesOf(database.config)).toEqual([{ deal_id: dealId, customer_id: null }]);
    expect(await usesOf({ dataDir: dir })).toEqual([{ deal_id: dealId, customer_id: null }]);
  });
});
