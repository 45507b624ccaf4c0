import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RefundLine } from '../../../shared/contracts/payment-reports.js';
import type { StateRecordLine, StateRecordView } from '../../../shared/contracts/state-reporting.js';
import { netOfRefunds } from '../../../electron/server/state-reporting/receipt-lines.js';
import { products } from '../support/catalog-fixtures.js';
import { cents } from '../support/demo-service.js';
import { pay, paymentService, session, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { handOver, refunded } from '../payments/support/line-sale.js';
import { configure, stateCall, stateRecords } from './state-support.js';

// A refund by items gives packages back (README "Refunds by items"): the state's receipt then shows
// what the customer kept of each package (kept-lines.ts); a refund of an amount only lowers amounts.
const NOW = Date.parse('2026-06-15T19:00:00Z');
const DAY = '2026-06-15';
let service: PaymentHarness;
let packed: { id: string }[];
let weighed: { id: string };

beforeAll(async () => {
  service = await paymentService({ now: () => new Date(NOW) });
  await configure(service, { licenseNumber: 'C10-0000001-LIC' });
  packed = await products(
    service.app,
    "p.deli = 0 AND p.type <> 'ACCESSORY' AND k.discount_ppm = 0 AND k.on_hand_milli - k.reserved_milli >= 20000",
  );
  weighed = (await products(service.app, 'p.deli = 1 AND k.discount_ppm = 0 AND k.on_hand_milli >= 20000'))[0]!;
}, 60_000);
afterAll(() => service.close());

/** A sale of `items` paid in cash at the manager's POS and handed over: its order, payment and lines' ids. */
async function soldOf(items: { productId: string; quantity: number }[]) {
  const created = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: service.headers,
    payload: { type: 'PICKUP', items },
  });
  expect(created.statusCode, created.body).toBe(201);
  const ticket = created.json<{ orderId: string; orderNumber: string; total: string; items: { id: string }[] }>();
  const total = cents(ticket.total);
  const manager = service.tokens.manager;
  const opened = await session(service, manager, {
    channel: 'pos',
    ticketAlphaNumId: ticket.orderNumber,
    originalAmount: total,
  });
  const paid = await pay(service, manager, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: total });
  expect(paid.statusCode, paid.body).toBe(201);
  await handOver(service, ticket.orderId);
  return {
    orderId: ticket.orderId,
    total,
    paymentId: paid.json<{ payment: { id: string } }>().payment.id,
    itemIds: ticket.items.map((item) => item.id),
  };
}

const recordsOf = async (orderId: string): Promise<StateRecordView[]> =>
  (await stateRecords(service, DAY)).filter((record) => record.orderId === orderId);

/** A refund's lines' worth before tax, by line. */
const beforeTax = (lines: readonly RefundLine[], itemId: string) =>
  lines.filter((line) => line.itemId === itemId).reduce((sum, line) => sum + line.amount - line.tax, 0);

const sum = (lines: readonly StateRecordLine[]) => lines.reduce((total, line) => total + line.totalCents, 0);

describe("a refund by items corrects the state's receipt by the packages that came back", () => {
  it("one of two packages comes back in part: its quantity and amount are lowered, the other's stay", async () => {
    const sold = await soldOf([
      { productId: packed[0]!.id, quantity: 2 },
      { productId: packed[1]!.id, quantity: 2 },
    ]);
    const back = await refunded(service, sold.paymentId, { lines: [{ itemId: sold.itemIds[0], quantity: 1 }] });
    const [sale, refund] = await recordsOf(sold.orderId);
    expect(refund).toMatchObject({ kind: 'refund', refundCents: back.refund!.amount });
    const first = sale!.lines[0]!;
    expect(refund!.lines).toEqual([
      { ...first, quantity: 1, totalCents: first.totalCents - beforeTax(back.refund!.lines!, sold.itemIds[0]!) },
      sale!.lines[1],
    ]);
    expect(refund!.totalCents).toBe(sum(refund!.lines));
    // The CSV and the back office's screen read the same lines: one row per kept package.
    const csv = (await stateCall(service, 'GET', `/records.csv?day=${DAY}`)).body;
    const rows = csv.split('\r\n').filter((row) => row.includes(first.packageLabel));
    expect(rows.map((row) => row.split(',').slice(7, 9))).toEqual([
      ['2', 'Each'],
      ['1', 'Each'],
    ]);
  });

  it('part of a weighed line comes back, then the rest: its grams are lowered, then it is left off the receipt', async () => {
    const sold = await soldOf([
      { productId: weighed.id, quantity: 3.5 },
      { productId: packed[2]!.id, quantity: 1 },
    ]);
    const first = await refunded(service, sold.paymentId, { lines: [{ itemId: sold.itemIds[0], quantity: 1.25 }] });
    let [sale, refund] = await recordsOf(sold.orderId);
    const grams = sale!.lines[0]!;
    expect(grams).toMatchObject({ quantity: 3.5, unitOfMeasure: 'Grams' });
    const lowered = grams.totalCents - beforeTax(first.refund!.lines!, sold.itemIds[0]!);
    expect(refund!.lines).toEqual([{ ...grams, quantity: 2.25, totalCents: lowered }, sale!.lines[1]]);
    await refunded(service, sold.paymentId, { lines: [{ itemId: sold.itemIds[0], quantity: 2.25 }] });
    [sale, , refund] = await recordsOf(sold.orderId);
    expect(refund).toMatchObject({ kind: 'refund', lines: [sale!.lines[1]] });
  });

  it('every package coming back voids the sale: Metrc takes a whole return as a void', async () => {
    const sold = await soldOf([
      { productId: packed[3]!.id, quantity: 1 },
      { productId: packed[4]!.id, quantity: 2 },
    ]);
    await refunded(service, sold.paymentId, { lines: [{ itemId: sold.itemIds[0], quantity: 1 }] });
    // A damaged return: $1.00 back, the packages given back all the same.
    await refunded(service, sold.paymentId, { lines: [{ itemId: sold.itemIds[1], quantity: 2 }], amount: 100 });
    const records = await recordsOf(sold.orderId);
    expect(records.map((record) => record.kind)).toEqual(['sale', 'refund', 'void']);
    expect(records[2]).toMatchObject({ lines: records[0]!.lines, totalCents: 0 });
    // Nothing is left to correct: a later refund of money (of what the damaged return kept) writes nothing.
    await refunded(service, sold.paymentId, { amount: 100 });
    expect(await recordsOf(sold.orderId)).toHaveLength(3);
  });
});

describe('a refund by amount after one by items', () => {
  /** A sale of two of two packages, one of the first given back and `amount` cents refunded, in `order`. */
  async function mixed(order: 'items first' | 'amount first', amount: number) {
    const sold = await soldOf([
      { productId: packed[5]!.id, quantity: 2 },
      { productId: packed[6]!.id, quantity: 2 },
    ]);
    const items = { lines: [{ itemId: sold.itemIds[0], quantity: 1 }] };
    const steps = order === 'items first' ? [items, { amount }] : [{ amount }, items];
    const answers = [];
    for (const body of steps) answers.push(await refunded(service, sold.paymentId, body));
    const byItems = answers.find((answer) => (answer.refund!.lines ?? []).length > 0)!.refund!;
    return { sold, byItems, records: await recordsOf(sold.orderId) };
  }

  it('lowers what the customer kept by the share the money is of it, to the cent', async () => {
    const { sold, byItems, records } = await mixed('items first', 301);
    const [sale, , last] = records;
    const first = sale!.lines[0]!;
    const kept = [
      { ...first, quantity: 1, totalCents: first.totalCents - beforeTax(byItems.lines!, sold.itemIds[0]!) },
      sale!.lines[1]!,
    ];
    const worth = byItems.lines!.reduce((total, line) => total + line.amount, 0);
    expect(last).toMatchObject({ kind: 'refund', refundCents: 301 });
    expect(last!.lines).toEqual(netOfRefunds(kept, 301, sold.total - worth));
    expect(last!.lines.map((line) => line.quantity)).toEqual([1, 2]);
    const reduction = Math.round((sum(kept) * 301) / (sold.total - worth));
    expect(last!.totalCents).toBe(sum(kept) - reduction);
  });

  it('amount first: the unit given back after it took its share along, the kept lines are lowered by theirs', async () => {
    const itemsFirst = await mixed('items first', 250);
    const amountFirst = await mixed('amount first', 250);
    const quantities = (records: StateRecordView[]) => records.at(-1)!.lines.map((line) => line.quantity);
    expect(quantities(amountFirst.records)).toEqual(quantities(itemsFirst.records));
    // The unit's worth (given back whole before the refund by amount), and what it gave back after it.
    const unit = itemsFirst.byItems.lines![0]!;
    const after = amountFirst.byItems.lines![0]!;
    expect(after.amount).toBeLessThan(unit.amount);
    const [sale] = amountFirst.records;
    const first = sale!.lines[0]!;
    const kept = [{ ...first, quantity: 1, totalCents: first.totalCents - (unit.amount - unit.tax) }, sale!.lines[1]!];
    const takenAlong = unit.amount - after.amount;
    expect(amountFirst.records.at(-1)!.lines).toEqual(
      netOfRefunds(kept, 250 - takenAlong, amountFirst.sold.total - unit.amount),
    );
    // What the customer kept: more than when the unit came back first, by about its share.
    expect(sum(amountFirst.records.at(-1)!.lines)).toBeGreaterThan(sum(itemsFirst.records.at(-1)!.lines));
  });
});
