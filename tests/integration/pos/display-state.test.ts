import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplaySnapshot, DisplayState } from '../../../shared/contracts/display.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import { openStream } from '../support/live-stream.js';

let service: DemoService;
let app: FastifyInstance;
let baseUrl: string;
let display: string;
beforeAll(async () => {
  service = await demoService();
  app = service.app;
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  display = await login(app, 'display', 'display-demo-1');
});
afterAll(() => service.close());

const PATH = '/v2.0/dispensary/demo/display';
const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
const cart: DisplayState = {
  phase: 'cart',
  lines: [{ key: 'a', name: 'Blue Dream 3.5 g', detail: 'Aurora Farms', quantity: 2, lineTotal: 7000 }],
  totals: { subtotal: 7000, discount: 0, tax: 1400, rewardDollars: 0, total: 8400 },
  customerName: null,
};
const put = (terminal: string, state: unknown, token = service.token) =>
  app.inject({ method: 'PUT', url: `${PATH}/${terminal}`, headers: json(token), payload: JSON.stringify(state) });

describe('pole display state', () => {
  it('is idle with the store name until the POS sets it, then reads back what was set', async () => {
    const idle = await app.inject({ method: 'GET', url: `${PATH}/front-9`, headers: json(display) });
    expect(idle.statusCode).toBe(200);
    expect(idle.json<{ display: DisplaySnapshot }>().display).toMatchObject({
      terminalId: 'front-9',
      seq: 0,
      state: { phase: 'idle' },
    });
    expect(idle.json<{ display: DisplaySnapshot }>().display.storeName).not.toBe('');

    const set = await put('front-9', cart);
    expect(set.statusCode, set.body).toBe(200);
    const read = await app.inject({ method: 'GET', url: `${PATH}/front-9`, headers: json(display) });
    expect(read.json<{ display: DisplaySnapshot }>().display).toMatchObject({ state: cart });
    expect(read.json<{ display: DisplaySnapshot }>().display.seq).toBeGreaterThan(0);
  });

  it('keeps what the sale saved on its thank-you, for a display that reloads on it', async () => {
    const thanks: DisplayState = { phase: 'thanks', orderNumber: 'AB23CD', total: 2400, changeDue: 0, saved: 600 };
    const set = await put('front-8', thanks);
    expect(set.statusCode, set.body).toBe(200);
    const read = await app.inject({ method: 'GET', url: `${PATH}/front-8`, headers: json(display) });
    expect(read.json<{ display: DisplaySnapshot }>().display.state).toEqual(thanks);
  });

  it('streams the current state first, then each change, to the display of that terminal only', async () => {
    await put('front-1', { phase: 'idle' });
    const stream = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=display:front-1', display);
    const first = await stream.waitFor(1);
    expect(JSON.parse(first[0]!.data)).toMatchObject({ state: { phase: 'idle' } });
    await put('front-2', cart);
    await put('front-1', cart);
    // On PostgreSQL the idle state set before the stream opened may also arrive through NOTIFY after
    // the snapshot: the same state again, which a display shows unchanged. The cart follows it.
    const isCart = (frame: { data: string }) => (JSON.parse(frame.data) as DisplaySnapshot).state.phase === 'cart';
    let frames = await stream.waitFor(2);
    if (!isCart(frames[1]!)) frames = await stream.waitFor(3);
    await stream.close();
    const changes = frames.slice(1);
    expect(changes.every((frame) => frame.event === 'display.state')).toBe(true);
    expect(changes.map((frame) => (JSON.parse(frame.data) as DisplaySnapshot).terminalId)).toEqual(
      changes.map(() => 'front-1'),
    );
    expect(JSON.parse(changes[changes.length - 1]!.data)).toMatchObject({ terminalId: 'front-1', state: cart });
    expect(changes.slice(0, -1).every((frame) => !isCart(frame))).toBe(true);
  });

  it('passes the outcome the display reports to the POS following the same topic', async () => {
    const pos = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=display:front-3', service.token);
    await pos.waitFor(1);
    const outcome = { orderId: '0190a4c2-0000-7000-8000-000000000001', outcome: 'canceled' };
    const posted = await app.inject({
      method: 'POST',
      url: `${PATH}/front-3/outcome`,
      headers: json(display),
      payload: JSON.stringify(outcome),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const frames = await pos.waitFor(2);
    await pos.close();
    expect(frames[1]!.event).toBe('display.outcome');
    expect(JSON.parse(frames[1]!.data)).toMatchObject({ ...outcome, terminalId: 'front-3' });
  });

  it("passes a refusal's figures with its words (a payment over the balance due)", async () => {
    const pos = await openStream(baseUrl, '/v2.0/dispensary/demo/live?topics=display:front-6', service.token);
    await pos.waitFor(1);
    const outcome = {
      orderId: '0190a4c2-0000-7000-8000-000000000001',
      outcome: 'error',
      message: 'originalAmount (2958 cents) is more than the balance due of order SH67B2 (51 cents)',
      details: { balanceDue: 51, requestedAmount: 2958 },
    };
    const posted = await app.inject({
      method: 'POST',
      url: `${PATH}/front-6/outcome`,
      headers: json(display),
      payload: JSON.stringify(outcome),
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const frames = await pos.waitFor(2);
    await pos.close();
    expect(JSON.parse(frames[1]!.data)).toMatchObject({ ...outcome, terminalId: 'front-6' });
  });

  it.each([
    ['an unknown phase', { phase: 'dance' }],
    ['a cart without totals', { phase: 'cart', lines: [], customerName: null }],
    ['fractional cents', { ...cart, totals: { ...cart.totals, total: 84.5 } }],
    ['a negative saving', { phase: 'thanks', orderNumber: 'AB23CD', total: 100, changeDue: 0, saved: -600 }],
    ['a payment without an order', { phase: 'payment', lines: [], totals: cart.totals, payment: { amount: 100 } }],
  ])('refuses %s and keeps the state', async (_label, state) => {
    await put('front-4', cart);
    const response = await put('front-4', state);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT' });
    const read = await app.inject({ method: 'GET', url: `${PATH}/front-4`, headers: json(display) });
    expect(read.json<{ display: DisplaySnapshot }>().display.state).toEqual(cart);
  });

  it('lets only the POS set the state and only the display report outcomes', async () => {
    expect((await put('front-5', cart, display)).statusCode).toBe(403);
    const outcome = await app.inject({
      method: 'POST',
      url: `${PATH}/front-5/outcome`,
      headers: json(service.token),
      payload: JSON.stringify({ orderId: '0190a4c2-0000-7000-8000-000000000001', outcome: 'approved' }),
    });
    expect(outcome.statusCode).toBe(403);
    expect((await put('Front 5!', cart)).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `${PATH}/front-5` })).statusCode).toBe(401);
  });
});
