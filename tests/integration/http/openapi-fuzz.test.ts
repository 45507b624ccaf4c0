import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';
import { products } from '../support/catalog-fixtures.js';
import { demoService, login, type DemoService } from '../support/demo-service.js';
import {
  remember,
  requestFor,
  writeOperations,
  type FuzzContext,
  type Operation,
} from '../support/openapi-requests.js';
import { listenOnLoopback, send, type WireAnswer } from '../support/real-port.js';
import { createTicket, DEMO, GOOD_CARD, pay, session } from '../payments/support/payment-fixtures.js';

/**
 * Every write operation of /openapi.json, fuzzed over a real port by a seeded property-based
 * generator: mostly schema-valid requests with real ids (so they reach the handlers), with wrong
 * types, extra fields, bad ids, wrong credentials, content types and origins mixed in. No answer
 * may be a 5xx or leave the one error shape, and no refused request may create an order or payment.
 */
const SEED = 20_261_125;
const RUNS = 10_000;
const TIME_LIMIT_MS = 120_000;

let service: DemoService;
let operations: Operation[];
let fuzz: FuzzContext;

beforeAll(async () => {
  service = await demoService({ pinpadDelayMs: 5, reconcileDelayMs: 5, rateLimit: { max: 1e9, windowMs: 60_000 } });
  const logins = async () => ({
    manager: await login(service.app, 'manager', 'manager-demo-1'),
    cashier: await login(service.app, 'cashier', 'cashier-demo-1'),
    display: await login(service.app, 'display', 'display-demo-1'),
  });
  const tokens = await logins();
  // Real ids for the generator: an order, an open session, an approved payment, the demo's products.
  const ticket = await createTicket(service, 1);
  const { orderId, orderNumber, total } = ticket;
  const open = await session(service, tokens.manager, {
    ticketAlphaNumId: orderNumber,
    originalAmount: total,
    channel: 'ecommerce',
  });
  const paid = await session(service, tokens.manager, {
    channel: 'ecommerce',
    originalAmount: 1200,
    referenceNumber: 'fuzz',
  });
  const card = { paymentMethod: 'Credit', card: GOOD_CARD };
  const payment = (await pay(service, tokens.manager, paid.sessionId, card)).json<{ payment: { id: string } }>().payment
    .id;
  const byName = {
    entityId: [DEMO.organizationId],
    locationId: [DEMO.locationId],
    productId: (await products(service.app)).map((product) => product.id).slice(0, 12),
    ticketId: [orderId],
    ticketAlphaNumId: [orderNumber],
    dispensaryShortName: ['demo'],
    number: [GOOD_CARD.number, '4000 0000 0000 0002'],
  };
  fuzz = {
    known: {
      uuids: [orderId, open.sessionId, paid.sessionId, payment, DEMO.organizationId, DEMO.locationId],
      strings: ['demo', 'front-1', orderNumber, 'PICKUP', 'sandbox', ...Object.values(GOOD_CARD)],
      byName,
    },
    pools: { id: [open.sessionId, paid.sessionId], orderId: [orderId], paymentId: [payment] },
    tokens,
    spare: await logins(),
    port: await listenOnLoopback(service.app),
  };
  operations = writeOperations(JSON.parse((await send(fuzz.port, { path: '/openapi.json' })).text));
});
afterAll(() => service.close());

const ONE_SHAPE_KEYS = ['resultCode', 'resultDetail', 'resultReason'];

/** True when `answer` plainly passes every check of expectOneShape (in plain code: see there). */
function hasOneShape(answer: WireAnswer): boolean {
  if (!(answer.status < 500) || !/^application\/json/.test(answer.headers['content-type'] ?? '')) return false;
  const body = JSON.parse(answer.text) as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null) return false;
  if (answer.status < 400) return body.resultCode === 'SUCCESS';
  const keys = Object.keys(body).sort();
  const detail = body.resultDetail;
  return (
    keys.length === ONE_SHAPE_KEYS.length &&
    keys.every((key, i) => key === ONE_SHAPE_KEYS[i]) &&
    body.resultCode === 'FAIL' &&
    (ERROR_CODES as readonly unknown[]).includes(body.resultReason) &&
    typeof detail === 'string' &&
    /\w{2,}.*\s.*\w/.test(detail) &&
    !/FST_|HPE_|ERR_/.test(detail)
  );
}

/**
 * A refused answer has the one shape, and a sentence rather than a framework's code. The checks
 * run in plain code first (hasOneShape): ten thousand answers through expect's chains took a sixth
 * of the property's time. An answer they do not plainly clear goes through the expectations, which
 * decide and say why.
 */
function expectOneShape(answer: WireAnswer, label: () => string): void {
  if (hasOneShape(answer)) return;
  const message = label();
  expect(answer.status, message).toBeLessThan(500);
  expect(answer.headers['content-type'], message).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  if (answer.status < 400) return void expect(body.resultCode, message).toBe('SUCCESS');
  expect(Object.keys(body).sort(), message).toEqual(ONE_SHAPE_KEYS);
  expect(body.resultCode, message).toBe('FAIL');
  expect(ERROR_CODES, message).toContain(body.resultReason);
  expect(body.resultDetail, message).toMatch(/\w{2,}.*\s.*\w/);
  expect(body.resultDetail, message).not.toMatch(/FST_|HPE_|ERR_/);
}

describe('fuzzing every write operation of /openapi.json', () => {
  it(
    'no 5xx, the one error shape, and nothing created by a refused request',
    { timeout: TIME_LIMIT_MS + 60_000 },
    async () => {
      expect(operations.length).toBeGreaterThanOrEqual(18);
      // Orders and payments counted in one prepared statement: one round trip after each request
      // (on PostgreSQL, two counts took a third of the property's time).
      const { db } = service.app.ctx;
      const counts = db.prepare((k) =>
        k.selectNoFrom((eb) => [
          eb.selectFrom('orders').select(eb.fn.countAll<number>().as('n')).as('orders'),
          eb.selectFrom('payments').select(eb.fn.countAll<number>().as('n')).as('payments'),
        ]),
      );
      const created = async () => {
        const row = await db.first(counts);
        return { orders: Number(row!.orders), payments: Number(row!.payments) };
      };
      const requests = fc.oneof(...operations.map((operation) => requestFor(operation, fuzz)));
      let sent = 0;
      const started = Date.now();
      // What exists before each request: counted again only after one that may have created something
      // (a refused one was checked to have changed nothing, so the count stands).
      let before = await created();
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await send(fuzz.port, request);
          sent += 1;
          const label = `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
          expectOneShape(answer, () => `${label.slice(0, 1500)} → ${answer.status} ${answer.text}`);
          if (answer.status < 300) {
            remember(answer.text, fuzz);
            before = await created();
          } else {
            // The same plain check first: the expectation runs (and fails, saying what) when a count moved.
            const now = await created();
            if (now.orders !== before.orders || now.payments !== before.payments) {
              expect(now, label.slice(0, 1500)).toEqual(before);
            }
          }
        }),
        {
          seed: SEED,
          numRuns: RUNS,
          interruptAfterTimeLimit: TIME_LIMIT_MS,
          markInterruptAsFailure: false,
          endOnFailure: true,
        },
      );
      console.info(
        `openapi fuzz: ${sent} requests to ${operations.length} write operations in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`,
      );
      expect(sent).toBeGreaterThanOrEqual(1000);
    },
  );
});
