import { randomUUID } from 'node:crypto';
import { DEMO } from '../../electron/server/demo/load-demo.js';

/** A running service: a register's, or a store server's. */
export interface Reachable {
  url: string;
}

/** A cashier at a register (or the server): their token and an API client of the terminal. */
export interface Till {
  instance: Reachable;
  token: string;
  client: { client_id: string; client_secret: string };
}

/** A JSON call; a refusal throws with its answer. */
async function send(
  instance: Reachable,
  path: string,
  init: { token?: string; body?: unknown; headers?: Record<string, string>; key?: string } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['idempotency-key'] = init.key;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${instance.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** Signs a demo login in (as the POS does): its bearer token. */
export async function signInAt(instance: Reachable, username: string, password: string): Promise<string> {
  const response = await fetch(`${instance.url}/auth-v2/login`, {
    method: 'POST',
    headers: { 'x-application': 'servicepay-demo', 'content-type': 'text/plain' },
    body: Buffer.from(JSON.stringify({ username, password })).toString('base64'),
  });
  if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The demo cashier at register `terminalId`, its drawer opened with a $100 float (`drawer: false`:
 * left closed, for tickets not paid in cash, so that an attached register has forwarded nothing yet).
 */
export async function openTill(instance: Reachable, terminalId: string, { drawer = true } = {}): Promise<Till> {
  const token = await signInAt(instance, 'cashier', 'cashier-demo-1');
  const enrolled = await send(instance, '/auth-v2/terminal-client', { token, body: { terminalId } });
  // Cash needs the register's drawer open, with a counted float.
  if (drawer) {
    await send(instance, `/v2.0/dispensary/demo/drawers/${terminalId}/open`, { token, body: { amount: 10000 } });
  }
  const client = { client_id: String(enrolled.clientId), client_secret: String(enrolled.clientSecret) };
  return { instance, token, client };
}

/**
 * A sale paid in cash: the ticket (`quantity` of `productId`, for `customerId` when given), then a
 * cash tender of its total.
 */
export async function cashSale(till: Till, productId: string, quantity: number, customerId?: string) {
  const ticket = (await send(till.instance, '/v2.0/dispensary/demo/ecommerce/ticket', {
    token: till.token,
    headers: till.client,
    body: { type: 'PICKUP', items: [{ productId, quantity }], ...(customerId ? { customerId } : {}) },
  })) as { orderId: string; orderNumber: string; total: string };
  const total = Math.round(Number(ticket.total) * 100);
  await payCash(till, ticket.orderNumber, total);
  return { orderId: ticket.orderId, orderNumber: ticket.orderNumber, total };
}

/** A cash tender of `total` cents for order `orderNumber` at `till` (a refusal throws with its answer). */
export async function payCash(till: Till, orderNumber: string, total: number): Promise<void> {
  const opened = await send(till.instance, '/v2.0/payments/sessions', {
    token: till.token,
    body: { entityId: DEMO.organizationId, channel: 'pos', ticketAlphaNumId: orderNumber, originalAmount: total },
  });
  const { sessionId } = opened.session as { sessionId: string };
  await send(till.instance, `/v2.0/payments/sessions/${sessionId}/payments`, {
    token: till.token,
    key: randomUUID(),
    body: { paymentMethod: 'Cash', tenderedAmount: total },
  });
}

/** The register's link as its screens see it. */
export async function linkOf(till: Till) {
  const answer = await send(till.instance, '/v2.0/register/link', { token: till.token });
  return answer.link as { reachable: boolean | null; waiting: { sales: number; changes: number } };
}
