import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AdjustmentView } from '../../../../shared/contracts/inventory.js';
import type { CountLine, CountView } from '../../../../shared/contracts/inventory-counts.js';
import { moveStock, type ModelPackage } from './history-model.js';
import { complete, note, sell, type HistoryRun, type SellOp } from './history-operations.js';

/**
 * The package-history property test's operations on orders already made (refunds, cancels,
 * hand-overs) and on packages (moves, adjustments, counts), each expecting what the README says.
 */

const expectStatus = (response: LightMyRequestResponse, status: number, what: string) =>
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);

/** A package as a request names it: its state tag, or its id where it has none. */
const named = (p: ModelPackage) => p.label || p.id;
const packageAt = (run: HistoryRun, index: number) => run.model.get(run.packages[index % run.packages.length]!);
/** Grams a product weighed at the counter moves by in an adjustment step; units move by one. */
const stepOf = (run: HistoryRun, p: ModelPackage) =>
  run.products.find((product) => product.id === p.productId)!.deli ? 1250 : 1000;

export interface OrderOp {
  kind: 'refund' | 'cancel' | 'complete';
  order: number;
  full: boolean;
}

/**
 * Money back on a paid order (a part, or all that is left): stock stays as it is, as refunds give
 * money back, not packages; all of it back on an order not handed over reopens it, unpaid.
 */
async function refund(run: HistoryRun, op: OrderOp): Promise<void> {
  const refundable = run.orders.filter((o) => o.payment && o.payment.refunded < o.payment.cents);
  if (refundable.length === 0) return note(run, 'nothing to refund');
  const order = refundable[op.order % refundable.length]!;
  const payment = order.payment!;
  const left = payment.cents - payment.refunded;
  const amount = op.full || left <= 100 ? left : 100;
  const answer = await run.h.request({
    method: 'POST',
    url: `/v2.0/payments/${payment.id}/refund`,
    headers: { authorization: `Bearer ${run.h.tokens.manager}`, 'content-type': 'application/json' },
    payload: JSON.stringify(amount === left ? {} : { amount }),
  });
  expectStatus(answer, 200, `refunding ${amount} of ${order.orderNumber}`);
  payment.refunded += amount;
  if (amount === left && order.status === 'open') {
    order.paid = false;
    note(run, 'refunded in full, reopened');
  } else note(run, amount === left ? 'refunded in full after the hand-over' : 'refunded in part');
}

/** Cancels an open order: refused (409) while it holds money; else its claims end, nothing leaves. */
async function cancel(run: HistoryRun, op: OrderOp): Promise<void> {
  const open = run.orders.filter((o) => o.status === 'open');
  if (open.length === 0) return note(run, 'nothing to cancel');
  const order = open[op.order % open.length]!;
  const answer = await run.h.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/cancel`,
    headers: run.h.headers,
  });
  if (order.paid) {
    expectStatus(answer, 409, `canceling paid ${order.orderNumber}`);
    return note(run, 'cancel of a paid order refused');
  }
  expectStatus(answer, 200, `canceling ${order.orderNumber}`);
  order.status = 'canceled';
  for (const line of order.lines) moveStock(run.model.get(line.packageId), 0, -line.milli);
  note(run, 'canceled');
}

export async function onOrder(run: HistoryRun, op: OrderOp): Promise<void> {
  if (op.kind === 'refund') return refund(run, op);
  if (op.kind === 'cancel') return cancel(run, op);
  const open = run.orders.filter((o) => o.status === 'open');
  if (open.length === 0) return note(run, 'nothing to hand over');
  await complete(run, open[op.order % open.length]!);
}

export interface MoveOp {
  kind: 'move';
  pkg: number;
  room: number;
}

/** Moves a whole package: refused into its own room (400), or off the floor while orders hold some (409). */
export async function move(run: HistoryRun, op: MoveOp): Promise<void> {
  const p = packageAt(run, op.pkg);
  const to = run.rooms[op.room % 3] ?? null;
  const answer = await run.h.call(
    run.h.tokens.manager,
    'POST',
    '/inventory/moves',
    { package: named(p), room: to ?? 'Sales floor' },
    'demo',
  );
  if (to === p.room) {
    expectStatus(answer, 400, 'a move into the room it is in');
    return note(run, 'move into its own room refused');
  }
  if (p.room === null && p.claims > 0) {
    expectStatus(answer, 409, 'a move of a package open orders hold');
    return note(run, 'move of a held package refused');
  }
  expectStatus(answer, 200, 'a move');
  p.room = to;
  note(run, 'moved');
}

export interface AdjustOp {
  kind: 'adjust';
  pkg: number;
  held: boolean;
  delta: number;
  reason: number;
}

/** An adjustment by hand: refused (400) when it would leave less than nothing; open orders keep their claims. */
export async function adjust(run: HistoryRun, op: AdjustOp): Promise<void> {
  // Now and then a package open orders hold some of, taken below their claim.
  const held = op.held ? [...run.model.packages.values()].filter((k) => k.claims > 0) : [];
  const p = held.length > 0 ? held[op.pkg % held.length]! : packageAt(run, op.pkg);
  const step = stepOf(run, p);
  const under = Math.min(p.onHand, Math.max(0, p.onHand - p.claims) + Math.abs(op.delta) * step);
  const milli = held.length > 0 && under > 0 ? -under : op.delta * step;
  const answer = await run.h.call(
    run.h.tokens.manager,
    'POST',
    '/inventory/adjustments',
    { package: named(p), delta: milli / 1000, reason: run.reasons[op.reason % run.reasons.length], note: 'History' },
    'demo',
  );
  if (p.onHand + milli < 0) {
    expectStatus(answer, 400, 'an adjustment below nothing');
    return note(run, 'adjustment below nothing refused');
  }
  expectStatus(answer, 200, 'an adjustment');
  const made = answer.json<{ adjustment: AdjustmentView }>().adjustment;
  expect([made.quantityBefore * 1000, made.quantityAfter * 1000]).toEqual([p.onHand, p.onHand + milli]);
  if (p.onHand + milli < p.claims) note(run, 'adjusted below what orders hold');
  moveStock(p, milli, 0);
  note(run, p.label ? 'adjusted a tagged package' : 'adjusted an untagged package');
}

export interface CountOp {
  kind: 'count';
  entries: { pkg: number; counted: number }[];
  /** A sale, an adjustment or a move made after this many entries (none when past the last). */
  betweenAfter: number;
  between: SellOp | AdjustOp | MoveOp;
  apply: boolean;
}

/**
 * A count of the whole store: packages entered (each with what is on hand then), maybe a sale,
 * an adjustment or a move between entries, then applied (each difference added to the stock on hand now; refused, 409,
 * when one would leave less than nothing) or cancelled. It never stays open past the operation.
 */
export async function count(run: HistoryRun, op: CountOp): Promise<void> {
  const call = (path: string, payload: unknown = {}) =>
    run.h.call(run.h.tokens.manager, 'POST', `/inventory/counts${path}`, payload, 'demo');
  const started = await call('', { name: `History ${run.serial.next++}` });
  expectStatus(started, 200, 'starting a count');
  const { number } = started.json<{ count: CountView }>().count;
  let closed = false;
  try {
    const entered = new Map<ModelPackage, number>();
    for (const [index, entry] of op.entries.entries()) {
      if (index === op.betweenAfter) {
        const { between } = op;
        if (between.kind === 'sell') await sell(run, between);
        else if (between.kind === 'adjust') await adjust(run, between);
        else await move(run, between);
        note(run, `${between.kind} during a count`);
      }
      const p = packageAt(run, entry.pkg);
      const counted = entry.counted * stepOf(run, p);
      const line = await call(`/${number}/entries`, { package: named(p), quantity: counted / 1000 });
      expectStatus(line, 200, 'a count entry');
      expect(line.json<{ line: CountLine }>().line.expected! * 1000).toBe(p.onHand);
      entered.set(p, counted - p.onHand);
    }
    if (!op.apply) return;
    const applied = await call(`/${number}/apply`);
    const short = [...entered].some(([p, difference]) => p.onHand + difference < 0);
    if (short) {
      expectStatus(applied, 409, 'a count leaving less than nothing');
      return note(run, 'count leaving less than nothing refused');
    }
    expectStatus(applied, 200, 'applying a count');
    closed = true;
    for (const [p, difference] of entered) moveStock(p, difference, 0);
    note(run, 'count applied');
  } finally {
    if (!closed) {
      expectStatus(await call(`/${number}/cancel`), 200, 'cancelling a count');
      note(run, 'count cancelled');
    }
  }
}
