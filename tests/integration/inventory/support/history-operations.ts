import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SetupHarness } from '../../setup/support/setup-fixtures.js';
import { queryRows } from '../../../support/sql.js';
import { sql } from 'kysely';
import { GOOD_CARD, pay, session } from '../../payments/support/payment-fixtures.js';
import { cents } from '../../support/demo-service.js';
import {
  freeOf,
  HistoryModel,
  moveStock,
  sellingPackage,
  type ModelOrder,
  type ModelProduct,
} from './history-model.js';

/**
 * The operations of the package-history property test, each through the service's own routes as
 * a manager, cashier or customer's shop would call them, and the model moved as the README says
 * each one moves stock. An answer the model did not expect fails the run, with what was sent.
 */

/** The rooms of the demo store a package goes to: the sales floor (null), the vault, the quarantine. */
export type Rooms = readonly [null, string, string];

/** What a sequence's run holds: the store's products it made (their SKUs start with `prefix`), and its model. */
export interface HistoryRun {
  h: SetupHarness;
  model: HistoryModel;
  prefix: string;
  rooms: Rooms;
  reasons: readonly string[];
  products: ModelProduct[];
  /** This run's packages and orders, in the order they were made: an operation picks one by index. */
  packages: string[];
  orders: ModelOrder[];
  /** Orders made by operations sent together (history-races.ts): no model follows them. */
  raced: string[];
  /** Counters making every SKU, tag and manifest number new across runs. */
  serial: { next: number };
  /** What the runs met, so the property is seen to reach each case. */
  seen: Record<string, number>;
}

/** Units, or (a product weighed at the counter) grams: `n` steps of a whole unit or 1.5 g, in thousandths. */
export const milliOf = (product: ModelProduct, n: number) => n * (product.deli ? 1500 : 1000);
export const quantityOf = (product: ModelProduct, milli: number) => milli / 1000;

export const note = (run: HistoryRun, kind: string) => {
  run.seen[kind] = (run.seen[kind] ?? 0) + 1;
};

const expectStatus = (response: LightMyRequestResponse, status: number, what: string) =>
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);

export interface SellOp {
  kind: 'sell';
  /** One line per product: a second item naming a product already named is left out. */
  items: { product: number; quantity: number }[];
  anyProduct: boolean;
  pay: 'cash' | 'card' | 'declined' | 'none';
  complete: boolean;
}

const DECLINING_CENTS = new Set([5, 51, 55, 91, 96]);

/** A ticket through the ticket API, paid (cash, a card, a declined card, or not at all), maybe handed over. */
export async function sell(run: HistoryRun, op: SellOp): Promise<void> {
  // Mostly products with stock free on the floor, now and then any (maybe one with none free); one line each.
  const free = op.anyProduct ? [] : run.products.filter((p) => run.model.packagesOf(p.id).some((k) => freeOf(k) > 0));
  const choices = free.length > 0 ? free : run.products;
  const wanted = new Map<ModelProduct, number>();
  for (const item of op.items) wanted.set(choices[item.product % choices.length]!, 0);
  op.items.forEach((item, index) => {
    const product = [...wanted.keys()][index];
    if (product) wanted.set(product, milliOf(product, item.quantity));
  });
  const created = await run.h.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: run.h.headers,
    payload: {
      type: 'PICKUP',
      items: [...wanted].map(([product, milli]) => ({ productId: product.id, quantity: quantityOf(product, milli) })),
    },
  });
  const expected = [...wanted].flatMap(([product, milli]) => {
    const taken = sellingPackage(run.model.packagesOf(product.id), milli);
    return taken ? [{ packageId: taken.id, milli: Math.min(milli, taken.onHand - taken.claims), wanted: milli }] : [];
  });
  if (expected.length === 0) {
    expectStatus(created, 409, 'a ticket of nothing free');
    return note(run, 'sale of nothing free refused');
  }
  expectStatus(created, 201, 'a ticket');
  const ticket = created.json<{ orderId: string; orderNumber: string; total: string }>();
  const lines = await linesOf(run, ticket.orderId);
  expect(lines).toEqual(expected.map(({ packageId, milli }, index) => ({ lineIndex: index + 1, packageId, milli })));
  for (const line of expected) moveStock(run.model.get(line.packageId), 0, line.milli);
  if (expected.some((line) => line.milli < line.wanted) || expected.length < wanted.size) {
    note(run, 'sale filled in part');
  }
  if (expected.length > 1) note(run, 'sale of two products');
  const order: ModelOrder = {
    orderId: ticket.orderId,
    orderNumber: ticket.orderNumber,
    lines,
    status: 'open',
    packed: false,
    paid: false,
    totalCents: cents(ticket.total),
    payment: null,
  };
  run.orders.push(order);
  await payFor(run, order, op.pay);
  if (op.complete) await complete(run, order);
}

/** An order's lines as the database holds them. */
export async function linesOf(run: HistoryRun, orderId: string) {
  const rows = await queryRows<{ lineIndex: number; packageId: string; milli: number }>(
    run.h.app,
    sql`SELECT line_index AS "lineIndex", package_id AS "packageId", quantity_milli AS milli FROM order_items
      WHERE order_id = ${orderId} ORDER BY line_index`,
  );
  return rows.map((row) => ({ lineIndex: Number(row.lineIndex), packageId: row.packageId, milli: Number(row.milli) }));
}

/** Pays an order: cash at the counter, a keyed card (the sandbox approves by the amount's cents), or a declined card. */
async function payFor(run: HistoryRun, order: ModelOrder, how: SellOp['pay']): Promise<void> {
  if (how === 'none') return;
  const card = how === 'declined' || (how === 'card' && !DECLINING_CENTS.has(order.totalCents % 100));
  const { cashier, manager } = run.h.tokens;
  const token = card ? manager : cashier;
  const opened = await session(run.h, token, {
    channel: card ? 'virtual_terminal' : 'pos',
    ticketAlphaNumId: order.orderNumber,
    originalAmount: order.totalCents,
  });
  if (how === 'declined') {
    // A sandbox amount ending in .51 is declined (insufficient funds): the order stays unpaid.
    const declined = await pay(run.h, token, opened.sessionId, {
      paymentMethod: 'Credit',
      card: GOOD_CARD,
      amount: 51,
    });
    expectStatus(declined, 201, `a declined card for ${order.orderNumber}`);
    expect(declined.json<{ payment: { status: string } }>().payment.status).toBe('declined');
    note(run, 'card declined');
    return;
  }
  const body = card
    ? { paymentMethod: 'Credit', card: GOOD_CARD }
    : { paymentMethod: 'Cash', tenderedAmount: order.totalCents };
  const paid = await pay(run.h, token, opened.sessionId, body);
  expectStatus(paid, 201, `paying ${order.orderNumber} (${how})`);
  const { payment } = paid.json<{ payment: { id: string; status: string } }>();
  expect(payment.status).toBe('approved');
  order.paid = true;
  order.payment = { id: payment.id, cents: order.totalCents, refunded: 0 };
  note(run, card ? 'paid by card' : 'paid in cash');
}

/** Walks an order to COMPLETED: refused (409) while it is unpaid; handed over, its units leave the store. */
export async function complete(run: HistoryRun, order: ModelOrder): Promise<void> {
  if (order.status !== 'open') return;
  const move = (status: string) =>
    run.h.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/status`,
      headers: run.h.headers,
      payload: { status },
    });
  // The bag may be picked and packed already (an earlier hand-over refused): each move once.
  for (const status of ['IN_PROCESS', 'PACKED_READY']) await move(status);
  order.packed = true;
  const done = await move('COMPLETED');
  if (!order.paid) {
    expectStatus(done, 409, `handing over unpaid ${order.orderNumber}`);
    note(run, 'hand-over of an unpaid order refused');
    return;
  }
  expectStatus(done, 200, `handing over ${order.orderNumber}`);
  order.status = 'completed';
  for (const line of order.lines) {
    const p = run.model.get(line.packageId);
    if (line.milli > p.onHand) note(run, 'handed over beyond what was on hand');
    moveStock(p, -line.milli, -line.milli);
  }
  note(run, 'handed over');
}
