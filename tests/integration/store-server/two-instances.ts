import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_CLIENT, DEMO_APPLICATION } from '../support/demo-service.js';
import { startService, type ServiceProcess } from '../../support/service-process.js';
import { freshDatabase, type TestDatabase } from '../../support/test-database.js';

/** Two `serve` processes on one PostgreSQL database: a store server behind a load balancer. */
export interface StoreServer {
  database: TestDatabase;
  a: ServiceProcess;
  b: ServiceProcess;
  stop(): Promise<void>;
}

/** The arguments of one instance on `database`, with the demo loaded into an empty one. */
export function instanceArgs(database: TestDatabase, extra: string[] = []): string[] {
  return [...database.args, '--demo', '--log-level', 'warn', '--rate-limit', '1000000', ...extra];
}

/**
 * Starts instance A (it loads the demo into the empty database), then B on the same database;
 * `extraB` defaults to A's extra arguments.
 */
export async function startTwoInstances(extra: string[] = [], extraB = extra): Promise<StoreServer> {
  const database = await freshDatabase();
  const a = await startService(instanceArgs(database, extra));
  const b = await startService(instanceArgs(database, extraB));
  return {
    database,
    a,
    b,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    },
  };
}

/** A JSON call to one instance; `token` adds the bearer, `client` the demo API client. */
export async function call(
  instance: ServiceProcess,
  path: string,
  options: { method?: string; token?: string; client?: boolean; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> & { resultDetail?: string } }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.client) Object.assign(headers, DEMO_CLIENT);
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.key) headers['idempotency-key'] = options.key;
  const response = await fetch(`${instance.url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Logs a demo user in on one instance; the token works on both. */
export async function signIn(instance: ServiceProcess, username: string): Promise<string> {
  const response = await fetch(`${instance.url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': DEMO_APPLICATION, 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username, password: `${username}-demo-1` })).toString('base64'),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Products of the demo store that are sold by the unit and in stock, from the catalog API. */
export async function unitProducts(instance: ServiceProcess, token: string): Promise<{ productId: string }[]> {
  const page = await call(instance, '/v2.0/dispensary/demo/catalog?limit=200', { token });
  const items = page.body.items as { productId: string; unitType: string; quantityAvailable: number }[];
  return items.filter((item) => item.unitType !== 'g' && item.quantityAvailable >= 5);
}

/** Creates a one-line ticket on one instance. */
export async function ticket(instance: ServiceProcess, token: string, productId: string, quantity = 1) {
  const created = await call(instance, '/v2.0/dispensary/demo/ecommerce/ticket', {
    token,
    client: true,
    key: randomUUID(),
    body: { type: 'PICKUP', items: [{ productId, quantity }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { orderId: string; orderNumber: string; total: string; status: string };
}
