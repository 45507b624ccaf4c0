import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { DEMO } from '../../../electron/server/catalog/demo/load-demo.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { openDataLayer } from '../../../electron/server/db/open-data-layer.js';
import { SERVICEPAY_BIN, type ServiceProcess } from '../../support/service-process.js';
import { call } from '../store-server/two-instances.js';
import { DEMO_APPLICATION } from '../support/demo-service.js';

/** Runs `servicepay --data dir …` with `input` on stdin: its exit status and output. */
export const servicepay = (dir: string, input: string, ...args: string[]) =>
  spawnSync(process.execPath, [SERVICEPAY_BIN, '--data', dir, ...args], { encoding: 'utf8', input });

/** Attaches the register folder `dir` as `name` to the demo store of `server`, as its manager. */
export const attachTo = (server: ServiceProcess, dir: string, name: string) =>
  servicepay(
    dir,
    'manager-demo-1',
    'attach',
    '--server',
    server.url,
    '--dispensary',
    'demo',
    '--name',
    name,
    '--username',
    'manager',
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

export async function signInAt(instance: ServiceProcess, username: string, password: string): Promise<string> {
  const response = await fetch(`${instance.url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** A cashier at a register (or the server): their token and an API client of the terminal. */
export interface Till {
  instance: ServiceProcess;
  token: string;
  client: { client_id: string; client_secret: string };
}

export async function openTill(instance: ServiceProcess, terminalId: string): Promise<Till> {
  const token = await signInAt(instance, 'cashier', 'cashier-demo-1');
  const enrolled = await call(instance, '/auth-v2/terminal-client', { token, body: { terminalId } });
  expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
  // Cash needs the register's drawer open, with a counted float.
  const opened = await call(instance, `/v2.0/dispensary/demo/drawers/${terminalId}/open`, {
    token,
    body: { amount: 10000 },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return {
    instance,
    token,
    client: { client_id: String(enrolled.body.clientId), client_secret: String(enrolled.body.clientSecret) },
  };
}

/** A sale paid in cash: the ticket (`quantity` of `productId`), then a cash tender of its total. */
export async function cashSale(till: Till, productId: string, quantity: number) {
  const created = await fetch(`${till.instance.url}/v2.0/dispensary/demo/ecommerce/ticket`, {
    method: 'POST',
    headers: { authorization: `Bearer ${till.token}`, 'content-type': 'application/json', ...till.client },
    body: JSON.stringify({ type: 'PICKUP', items: [{ productId, quantity }] }),
  });
  const ticket = (await created.json()) as { orderId: string; orderNumber: string; total: string };
  expect(created.status, JSON.stringify(ticket)).toBe(201);
  const total = Math.round(Number(ticket.total) * 100);
  const opened = await call(till.instance, '/v2.0/payments/sessions', {
    token: till.token,
    body: {
      entityId: DEMO.organizationId,
      channel: 'pos',
      ticketAlphaNumId: ticket.orderNumber,
      originalAmount: total,
    },
  });
  expect([200, 201], JSON.stringify(opened.body)).toContain(opened.status);
  const sessionId = (opened.body.session as { sessionId: string }).sessionId;
  const paid = await call(till.instance, `/v2.0/payments/sessions/${sessionId}/payments`, {
    token: till.token,
    key: randomUUID(),
    body: { paymentMethod: 'Cash', tenderedAmount: total },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  return { orderId: ticket.orderId, orderNumber: ticket.orderNumber, total };
}

/** The link as the register's screens see it. */
export async function linkOf(till: Till) {
  const answer = await call(till.instance, '/v2.0/register/link', { token: till.token });
  return answer.body.link as { reachable: boolean | null; waiting: { sales: number; changes: number } };
}

/** Stock of a product's package in one database. */
export const stockIn = (db: DataLayer, productId: string) =>
  db.first(
    db.builder
      .selectFrom('packages')
      .select(['on_hand_milli as onHand', 'reserved_milli as reserved'])
      .where('product_id', '=', productId),
  );
