import type { FastifyInstance } from 'fastify';
import { DEMO_APPLICATIONS, DEMO_CLIENT, DEMO_USERS } from '../auth/demo-logins.js';
import { previousDay, startOfZonedDay, zonedDate } from '../../../shared/zoned-day.js';
import { DEMO } from './demo-catalog.js';

/** What `servicepay demo sales` made. */
export interface DemoSales {
  from: string;
  to: string;
  sales: number;
  /** Sales refused (a product ran out): left out. */
  skipped: number;
}

/** A small deterministic generator (mulberry32): the same seed makes the same month. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SELLERS = ['cashier', 'manager'] as const;

/**
 * A month (or `days`) of demo sales ending yesterday at the demo store, made through the service
 * itself (the ticket API and cash payments, the clock set to each sale's time through `clock`), so
 * every report, Z report and receipt reads them as real sales: `perDay` sales a day between 10:00
 * and 20:00 store time, one or two products each, one of each, by the demo cashier and manager in turn,
 * each picked, packed and handed over as it is paid.
 */
export async function makeDemoSales(
  app: FastifyInstance,
  clock: { now: Date },
  options: { days: number; perDay: number; productIds: readonly string[]; timeZone: string; seed?: number },
): Promise<DemoSales> {
  const next = random(options.seed ?? 20261130);
  const today = zonedDate(clock.now, options.timeZone);
  const days: string[] = [];
  for (let day = previousDay(today); days.length < options.days; day = previousDay(day)) days.unshift(day);
  let sales = 0;
  let skipped = 0;
  for (const day of days) {
    const opens = startOfZonedDay(day, options.timeZone).getTime() + 10 * 3_600_000;
    const times = Array.from({ length: options.perDay }, () => opens + Math.floor(next() * 10 * 3_600_000)).sort();
    const tokens = new Map<string, string>();
    for (const [index, at] of times.entries()) {
      clock.now = new Date(at);
      const seller = SELLERS[index % SELLERS.length]!;
      if (!tokens.has(seller)) tokens.set(seller, await login(app, seller));
      const items = Array.from({ length: 1 + Math.floor(next() * 2) }, () => ({
        productId: options.productIds[Math.floor(next() * options.productIds.length)]!,
        quantity: 1,
      }));
      const unique = [...new Map(items.map((item) => [item.productId, item])).values()];
      if (await sell(app, tokens.get(seller)!, unique)) sales += 1;
      else skipped += 1;
    }
  }
  return { from: days[0] ?? today, to: days.at(-1) ?? today, sales, skipped };
}

async function login(app: FastifyInstance, username: string): Promise<string> {
  const user = DEMO_USERS.find((candidate) => candidate.username === username)!;
  const response = await app.inject({
    method: 'POST',
    url: '/auth-v2/login',
    headers: { 'x-application': DEMO_APPLICATIONS[1], 'content-type': 'text/plain' },
    payload: Buffer.from(JSON.stringify({ username, password: user.password })).toString('base64'),
  });
  if (response.statusCode !== 200) throw new Error(`the demo login ${username} was refused: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** One sale paid in cash in full; false when the ticket was refused (a product ran out). */
async function sell(app: FastifyInstance, token: string, items: { productId: string; quantity: number }[]) {
  const headers = {
    client_id: DEMO_CLIENT.clientId,
    client_secret: DEMO_CLIENT.clientSecret,
    authorization: `Bearer ${token}`,
  };
  const ticket = await app.inject({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers,
    payload: { type: 'PICKUP', items },
  });
  if (ticket.statusCode !== 201) return false;
  const { orderId, orderNumber, total } = ticket.json<{ orderId: string; orderNumber: string; total: string }>();
  const cents = Math.round(Number(total) * 100);
  const opened = await app.inject({
    method: 'POST',
    url: '/v2.0/payments/sessions',
    headers: { authorization: `Bearer ${token}` },
    payload: { entityId: DEMO.organizationId, channel: 'pos', ticketAlphaNumId: orderNumber, originalAmount: cents },
  });
  if (opened.statusCode >= 300) throw new Error(`a demo sale's payment could not start: ${opened.body}`);
  const sessionId = opened.json<{ session: { sessionId: string } }>().session.sessionId;
  const paid = await app.inject({
    method: 'POST',
    url: `/v2.0/payments/sessions/${sessionId}/payments`,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `demo-${sessionId}` },
    payload: { paymentMethod: 'Cash', tenderedAmount: cents },
  });
  if (paid.statusCode >= 300) throw new Error(`a demo sale's cash payment was refused: ${paid.body}`);
  // Picked, packed and handed over as it was paid (its units off the shelf): never left waiting in
  // the registers' Online orders.
  for (const status of ['IN_PROCESS', 'PACKED_READY', 'COMPLETED']) {
    const moved = await app.inject({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${orderId}/status`,
      headers,
      payload: { status },
    });
    if (moved.statusCode !== 200) throw new Error(`a demo sale could not be handed over: ${moved.body}`);
  }
  return true;
}
