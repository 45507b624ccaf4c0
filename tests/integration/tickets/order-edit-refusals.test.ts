import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { seedDemoChainStore } from '../../../electron/server/demo/demo-chain.js';
import { execute, queryRow } from '../../support/sql.js';
import { payByCard, paymentService, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import type { FixtureProduct } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import { countedProducts, editLines, expectRefused, secondPackage, ticketOf, writtenFor } from './edit-support.js';

// Every refusal of an edit of an order's lines is in words, naming the line's product where there
// is one, and writes nothing: not the lines, the totals, the stock, the audit trail nor a webhook.
let service: PaymentHarness;
/** Two counted products of the demo store, and an order of 2 of the first and 1 of the second. */
let a: FixtureProduct;
let b: FixtureProduct;
let order: Ticket;

beforeAll(async () => {
  service = await paymentService();
  [a, b] = (await countedProducts(service.app)) as [FixtureProduct, FixtureProduct];
  order = await ticketOf(service, [
    { productId: a.id, quantity: 2 },
    { productId: b.id, quantity: 1 },
  ]);
  // Webhook events are written only while an endpoint listens: one does, so none written shows.
  const endpoint = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/setup/webhooks',
    headers: { authorization: `Bearer ${service.tokens.manager}` },
    payload: { url: 'http://127.0.0.1:9/hooks', events: ['order.updated'], allowLocal: true },
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
}, 60_000);
afterAll(() => service.close());

/** Sends `body` as an edit of `target`, expects the refusal, and that nothing was written. */
async function refused(body: object, status: number, reason: string, words: string | RegExp, target = order) {
  const before = await writtenFor(service, target.orderId);
  expectRefused(await editLines(service, target.orderId, body), status, reason, words);
  expect(await writtenFor(service, target.orderId)).toEqual(before);
}

describe('an edit of the lines that cannot be made', () => {
  it('names a line the order does not have, or one line twice', async () => {
    await refused(
      { changes: [{ lineIndex: 3, quantity: 1 }] },
      400,
      'INVALID_INPUT',
      `order ${order.orderNumber} has no line 3: its lines are 1, 2`,
    );
    await refused(
      {
        changes: [
          { lineIndex: 1, quantity: 1 },
          { lineIndex: 1, remove: true },
        ],
      },
      400,
      'INVALID_INPUT',
      `line 1 (${a.name}): more than one change names it; send one change per line`,
    );
  });

  it('asks for a quantity of 0 or less, or part of a unit of a counted product', async () => {
    const words = (quantity: string) =>
      `line 1 (${a.name}): the quantity must be more than 0; to take the line off, send remove: true${quantity}`;
    await refused({ changes: [{ lineIndex: 1, quantity: 0 }] }, 400, 'INVALID_INPUT', words(''));
    await refused({ changes: [{ lineIndex: 1, quantity: -2 }] }, 400, 'INVALID_INPUT', words(''));
    await refused(
      { changes: [{ lineIndex: 2, quantity: 1.5 }] },
      400,
      'INVALID_INPUT',
      `line 2 (${b.name}): the quantity must be a whole number: ${b.name} is sold by the unit`,
    );
  });

  it('asks for more than the package has available', async () => {
    const stock = await queryRow<{ available: number; label: string }>(
      service.app,
      sql`SELECT on_hand_milli - reserved_milli AS "available", label FROM packages WHERE id = ${a.packageId}`,
    );
    const available = Number(stock!.available) / 1000;
    await refused(
      { changes: [{ lineIndex: 1, quantity: 2 + available + 1 }] },
      409,
      'CONFLICT',
      `line 1 (${a.name}): package ${stock!.label} has ${available} available, not the ${available + 1} more this change takes`,
    );
  });

  it('names a package that is not of this store, or of another product', async () => {
    const unknown = randomUUID();
    await refused(
      { changes: [{ lineIndex: 1, packageId: unknown }] },
      400,
      'INVALID_INPUT',
      `line 1 (${a.name}): packageId is not a package of Green Valley Dispensary; the line keeps its package`,
    );
    const sister = await service.app.ctx.db.write((tx) => seedDemoChainStore(service.app.ctx.db, tx, 2, new Date()));
    const theirs = await queryRow<{ id: string }>(
      service.app,
      sql`SELECT k.id FROM packages k JOIN products p ON p.id = k.product_id
          WHERE p.dispensary_id = ${sister.dispensary.id} AND p.name = ${a.name}`,
    );
    await refused(
      { changes: [{ lineIndex: 1, packageId: theirs!.id }] },
      400,
      'INVALID_INPUT',
      `line 1 (${a.name}): packageId is not a package of Green Valley Dispensary; the line keeps its package`,
    );
    await refused(
      { changes: [{ lineIndex: 1, packageId: b.packageId }] },
      400,
      'INVALID_INPUT',
      `line 1 (${a.name}): packageId is a package of ${b.name}, not of ${a.name}: the line takes only another package of its own product`,
    );
  });

  it('would take more of a product the store no longer sells', async () => {
    const other = await secondPackage(service.app, a.id, { priceCents: 1000, onHandMilli: 5000, label: 'OLD-BATCH' });
    await execute(service.app, sql`UPDATE products SET active = 0 WHERE id = ${a.id}`);
    try {
      const words = `line 1 (${a.name}): ${a.name} is no longer sold, so its line can only go down or come off`;
      await refused({ changes: [{ lineIndex: 1, quantity: 3 }] }, 409, 'CONFLICT', words);
      await refused({ changes: [{ lineIndex: 1, packageId: other }] }, 409, 'CONFLICT', words);
    } finally {
      await execute(service.app, sql`UPDATE products SET active = 1 WHERE id = ${a.id}`);
    }
  });

  it('takes every line off, mixes remove with a quantity, or changes nothing', async () => {
    await refused(
      {
        changes: [
          { lineIndex: 1, remove: true },
          { lineIndex: 2, remove: true },
        ],
      },
      400,
      'INVALID_INPUT',
      `changes take every line off order ${order.orderNumber}: cancel the order instead`,
    );
    await refused(
      { changes: [{ lineIndex: 2, remove: true, quantity: 2 }] },
      400,
      'INVALID_INPUT',
      `line 2 (${b.name}): remove takes it off: send remove alone, without quantity or packageId`,
    );
    await refused(
      { changes: [{ lineIndex: 1, quantity: 2, packageId: a.packageId }] },
      400,
      'INVALID_INPUT',
      `line 1 (${a.name}) would stay as it is: give a new quantity, another package, or remove it`,
    );
    await refused({ changes: [] }, 400, 'INVALID_INPUT', 'changes must have at least 1 item');
  });

  it('says what the schema refuses in words naming the line, never starting with changes[0]', async () => {
    const cases: [object, string][] = [
      [
        { lineIndex: 1, quantity: 1, note: 'x' },
        'line 1: note is not an allowed field; the fields allowed here are lineIndex, quantity, packageId and remove',
      ],
      [
        { lineIndex: 2, quantity: 'two' },
        'line 2: quantity must be a number from -100,000 to 100,000, not the text "two"',
      ],
      [
        { lineIndex: 1, quantity: 1e12 },
        'line 1: quantity must be a number from -100,000 to 100,000, not 1000000000000',
      ],
      [
        { lineIndex: 1, packageId: 'jar-2' },
        'line 1: packageId must be an id as a UUID, such as "3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c"',
      ],
      [{ lineIndex: 2, remove: false }, 'line 2: remove must be true'],
    ];
    for (const [change, words] of cases) {
      await refused({ changes: [{ lineIndex: 2, quantity: 2 }, change] }, 400, 'INVALID_INPUT', words);
    }
    // A change that names no line is told by its place in the list, as any field is.
    await refused({ changes: [{ quantity: 1 }] }, 400, 'INVALID_INPUT', 'changes[0].lineIndex is required');
    await refused(
      { changes: [{ lineIndex: 0, quantity: 1 }] },
      400,
      'INVALID_INPUT',
      'changes[0].lineIndex must be a whole number from 1 to 100, not 0',
    );
  });

  it('is made to an order that is paid, canceled or unknown', async () => {
    const paid = await ticketOf(service, [{ productId: b.id, quantity: 1 }]);
    await payByCard(service, { orderId: paid.orderId, orderNumber: paid.orderNumber, total: cents(paid.total) });
    await refused(
      { changes: [{ lineIndex: 1, quantity: 2 }] },
      409,
      'ILLEGAL_TRANSITION',
      `order ${paid.orderNumber} is paid: its lines change only before payment (void or refund the payment first)`,
      paid,
    );
    const canceled = await ticketOf(service, [{ productId: b.id, quantity: 1 }]);
    const cancel = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${canceled.orderId}/cancel`,
      headers: service.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await refused(
      { changes: [{ lineIndex: 1, quantity: 2 }] },
      409,
      'ILLEGAL_TRANSITION',
      `order ${canceled.orderNumber} is canceled: its lines can no longer change`,
      canceled,
    );
    expectRefused(
      await editLines(service, randomUUID(), { changes: [{ lineIndex: 1, quantity: 2 }] }),
      404,
      'NOT_FOUND',
      /^no order .* at this dispensary$/,
    );
  });

  it('is asked by someone who may not fulfil orders', async () => {
    const display = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/lines`,
      headers: { ...service.headers, authorization: `Bearer ${service.tokens.display}` },
      payload: { changes: [{ lineIndex: 1, quantity: 1 }] },
    });
    expect(display.statusCode, display.body).toBe(403);
  });
});
