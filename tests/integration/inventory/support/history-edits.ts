import { expect } from 'vitest';
import { cents } from '../../support/demo-service.js';
import { freeOf, moveStock } from './history-model.js';
import { linesOf, milliOf, note, sell, type HistoryRun } from './history-operations.js';

/**
 * An order's line changed before it is paid (README "Changing an order's lines"): its quantity,
 * another package of its product, or both. Stock moves by exactly what changed: the units the line
 * gives back are free again, the units it takes are reserved, refused (409) when the package has
 * not that many free (a package off the sales floor has none); a paid or packed order is refused.
 */
export interface EditOp {
  kind: 'edit';
  order: number;
  anyOrder: boolean;
  line: number;
  /** Whole steps of the product's unit (1.5 g by the gram) more or fewer; the line keeps at least one. */
  steps: number;
  /** Another package of the line's product, by index among them (none: the line's own). */
  switchTo: number | null;
}

export async function edit(run: HistoryRun, op: EditOp): Promise<void> {
  // Mostly an order that may change (open, unpaid, not packed); now and then any open one.
  const mayChange = () => run.orders.filter((o) => o.status === 'open' && !o.paid && !o.packed);
  // None yet: a ticket left unpaid to change (when something is free to sell).
  if (!op.anyOrder && mayChange().length === 0) {
    await sell(run, {
      kind: 'sell',
      items: [{ product: op.order, quantity: 3 }],
      anyProduct: false,
      pay: 'none',
      complete: false,
    });
  }
  const open = run.orders.filter((o) => o.status === 'open');
  const editable = op.anyOrder ? [] : mayChange();
  const choices = editable.length > 0 ? editable : open;
  if (choices.length === 0) return note(run, 'nothing to edit');
  const order = choices[op.order % choices.length]!;
  const line = order.lines[op.line % order.lines.length]!;
  const from = run.model.get(line.packageId);
  const product = run.products.find((p) => p.id === from.productId)!;
  const milli = Math.max(milliOf(product, 1), line.milli + milliOf(product, op.steps));
  const others = run.model.packagesOf(product.id).filter((p) => p.id !== from.id);
  const to = op.switchTo === null || others.length === 0 ? from : others[op.switchTo % others.length]!;
  if (to === from && milli === line.milli) return note(run, 'nothing to edit');
  const change = {
    lineIndex: line.lineIndex,
    ...(milli === line.milli ? {} : { quantity: milli / 1000 }),
    ...(to === from ? {} : { packageId: to.id }),
  };
  const answer = await run.h.request({
    method: 'POST',
    url: `/v2.0/dispensary/demo/ecommerce/ticket/${order.orderId}/lines`,
    headers: run.h.headers,
    payload: { changes: [change], reason: 'History' },
  });
  const what = `changing ${JSON.stringify(change)} of ${order.orderNumber}: ${answer.body}`;
  if (order.paid || order.packed) {
    expect(answer.statusCode, what).toBe(409);
    return note(run, 'edit of a paid or packed order refused');
  }
  // The units the change takes beyond what the line held of the package, against what it has free.
  const taking = to === from ? milli - line.milli : milli;
  if (taking > freeOf(to)) {
    expect(answer.statusCode, what).toBe(409);
    return note(run, to.room === null ? 'edit past what is free refused' : 'edit to a package off the floor refused');
  }
  expect(answer.statusCode, what).toBe(200);
  moveStock(from, 0, -line.milli);
  moveStock(to, 0, milli);
  Object.assign(line, { packageId: to.id, milli });
  expect(await linesOf(run, order.orderId)).toEqual(order.lines);
  order.totalCents = cents(answer.json<{ total: string }>().total);
  note(run, to === from ? 'edited a line’s quantity' : 'moved a line to another package');
}
