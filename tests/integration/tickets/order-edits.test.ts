import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { priceLine, totalTicket } from '../../../electron/server/tickets/pricing.js';
import { cents } from '../support/demo-service.js';
import { products } from '../support/catalog-fixtures.js';
import { addEndpoint, webhookHarness } from '../webhooks/webhook-support.js';
import {
  countedProducts,
  editLines,
  editsAudited,
  expectRefused,
  outboxOf,
  packageStock,
  quoteOf,
  readTicket,
  secondPackage,
  taxRateOf,
  ticketOf,
  totalsOf,
} from './edit-support.js';

// Issue 29, pick and pack: before an order is paid the picker changes a quantity, swaps a package
// or takes a line off; the order is priced again, its stock moves by exactly what changed, and the
// change is announced (webhook `order.updated`, the audit trail, the live channel).
/** The service's clock, moved by the tests (a change is stamped after the order it changes: no pause). */
let clock = Date.now();
const now = () => new Date(clock);
const web = webhookHarness({ now }, { now });
const service = () => web.service;
const later = () => {
  clock += 1000;
};

/** The lines of a ticket as the tests compare them: index, product, quantity, package. */
const linesOf = (ticket: Ticket) =>
  ticket.items.map(({ lineIndex, productId, quantity, packageId }) => ({ lineIndex, productId, quantity, packageId }));

describe("changing an order's lines before it is paid", () => {
  it('changes a quantity: its stock moves by exactly that, it is priced again to the cent, and it is announced', async () => {
    await addEndpoint(service(), web.url);
    const [a, b] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 3 },
      { productId: b!.id, quantity: 1 },
    ]);
    const before = {
      a: await packageStock(service().app, a!.packageId),
      b: await packageStock(service().app, b!.packageId),
    };
    later();

    const edited = await editLines(service(), created.orderId, {
      changes: [{ lineIndex: 1, quantity: 2 }],
      reason: 'One jar was damaged',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const ticket = edited.json<Ticket>();
    expect(ticket.items.map((item) => [item.lineIndex, item.quantity, item.originalQuantity])).toEqual([
      [1, 2, 3],
      [2, 1, 1],
    ]);
    expect(ticket.items[1]).toEqual(created.items[1]);
    // Priced as a new ticket of the same items is, to the cent: lines, taxes and totals.
    const quote = await quoteOf(service(), [
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ]);
    expect(totalsOf(ticket)).toEqual(totalsOf(quote));
    expect(ticket.items.map(({ priceSell, tax, originalPrice }) => ({ priceSell, tax, originalPrice }))).toEqual(
      quote.items.map(({ priceSell, tax, originalPrice }) => ({ priceSell, tax, originalPrice })),
    );
    expect(ticket.totalItems).toBe(3);
    expect(Date.parse(ticket.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    expect(await readTicket(service(), created.orderId)).toEqual({ ...ticket, paid: '0.00', refunded: '0.00' });
    expect(await packageStock(service().app, a!.packageId)).toEqual({
      ...before.a,
      reserved: before.a.reserved - 1000,
    });
    expect(await packageStock(service().app, b!.packageId)).toEqual(before.b);

    const events = await outboxOf(service().app, created.orderId);
    expect(events.map((event) => event.type)).toEqual(['order.created', 'order.updated']);
    expect(events[1]!.data).toEqual(ticket);

    const audited = await editsAudited(service().app, created.orderId);
    expect(audited).toEqual([
      {
        actorName: 'cashier',
        orderNumber: created.orderNumber,
        amount: cents(ticket.total),
        reason: `One jar was damaged (line 1 (${a!.name}): 3 → 2; total $${created.total} → $${ticket.total})`,
      },
    ]);
  });

  it('takes a line off, the others keeping their index, and weighs a weighed line again', async () => {
    const [a, b] = await countedProducts(service().app);
    const [deli] = await products(service().app, 'p.deli = 1 AND k.on_hand_milli - k.reserved_milli >= 10000');
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 2 },
      { productId: deli!.id, quantity: 1.5 },
    ]);
    const before = {
      b: await packageStock(service().app, b!.packageId),
      deli: await packageStock(service().app, deli!.packageId),
    };

    const edited = await editLines(service(), created.orderId, {
      changes: [
        { lineIndex: 2, remove: true },
        { lineIndex: 3, quantity: 2.25 },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const ticket = edited.json<Ticket>();
    expect(linesOf(ticket)).toEqual([
      { lineIndex: 1, productId: a!.id, quantity: 1, packageId: a!.packageId },
      { lineIndex: 3, productId: deli!.id, quantity: 2.25, packageId: deli!.packageId },
    ]);
    expect(ticket.totalItems).toBe(2);
    const quote = await quoteOf(service(), [
      { productId: a!.id, quantity: 1 },
      { productId: deli!.id, quantity: 2.25 },
    ]);
    expect(totalsOf(ticket)).toEqual(totalsOf(quote));
    expect(await packageStock(service().app, b!.packageId)).toEqual({
      ...before.b,
      reserved: before.b.reserved - 2000,
    });
    expect(await packageStock(service().app, deli!.packageId)).toEqual({
      ...before.deli,
      reserved: before.deli.reserved + 750,
    });
    const [audited] = await editsAudited(service().app, created.orderId);
    expect(audited!.reason).toBe(
      `line 2 (${b!.name}) taken off (2); line 3 (${deli!.name}): 1.5 g → 2.25 g; total $${created.total} → $${ticket.total}`,
    );
  });

  it("swaps a line to another package of its product: the old package's units go back, the new one's are taken", async () => {
    const [a, b] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 2 },
      { productId: b!.id, quantity: 1 },
    ]);
    const other = await secondPackage(service().app, a!.id, {
      priceCents: a!.priceCents + 100,
      onHandMilli: 3000,
      label: 'BATCH-B-0002',
    });
    const before = await packageStock(service().app, a!.packageId);

    const swapped = await editLines(service(), created.orderId, { changes: [{ lineIndex: 1, packageId: other }] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const ticket = swapped.json<Ticket>();
    expect(ticket.items[0]).toMatchObject({ lineIndex: 1, productId: a!.id, quantity: 2, packageId: other });
    expect(ticket.items[0]!.packageLabel).toBe('BATCH-B-0002');
    expect(await packageStock(service().app, a!.packageId)).toEqual({ ...before, reserved: before.reserved - 2000 });
    expect(await packageStock(service().app, other)).toEqual({ onHand: 3000, reserved: 2000 });
    // The line is priced as the new package is: its price, no promotion, the product's tax.
    const line = priceLine({
      unitPriceCents: a!.priceCents + 100,
      quantityMilli: 2000,
      discountPpm: 0,
      taxRatePpm: await taxRateOf(service().app, a!.id),
    });
    const kept = created.items[1]!;
    const keptLine = {
      subTotalCents: Math.round(kept.originalPrice * 100),
      discountCents: cents(kept.priceSell) - Math.round(kept.originalPrice * 100),
      taxCents: Math.round(kept.tax * 100),
    };
    const totals = totalTicket([line, keptLine], { rewardCents: 0, deliveryCents: 0, tierDiscountCents: 0 });
    expect(cents(ticket.total)).toBe(totals.total);
    expect(cents(ticket.tax)).toBe(totals.tax);

    // Back to the first package, taking one more of it at once.
    const back = await editLines(service(), created.orderId, {
      changes: [{ lineIndex: 1, packageId: a!.packageId, quantity: 3 }],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await packageStock(service().app, other)).toEqual({ onHand: 3000, reserved: 0 });
    expect(await packageStock(service().app, a!.packageId)).toEqual({ ...before, reserved: before.reserved + 1000 });
    const quote = await quoteOf(service(), [
      { productId: a!.id, quantity: 3 },
      { productId: b!.id, quantity: 1 },
    ]);
    expect(totalsOf(back.json<Ticket>())).toEqual(totalsOf(quote));
  });

  it('lets a packed order be opened again and then changed', async () => {
    const [a, b] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 1 },
    ]);
    const move = (status: string) =>
      service().request({
        method: 'POST',
        url: `/v2.0/dispensary/demo/ecommerce/ticket/${created.orderId}/status`,
        headers: service().headers,
        payload: { status },
      });
    expect((await move('IN_PROCESS')).statusCode).toBe(200);
    const picking = await editLines(service(), created.orderId, { changes: [{ lineIndex: 2, quantity: 2 }] });
    expect(picking.statusCode, picking.body).toBe(200);
    expect(picking.json<Ticket>()).toMatchObject({ status: 'IN_PROCESS', paymentStatus: 'UNPAID' });
    expect((await move('PACKED_READY')).statusCode).toBe(200);
    const packed = await editLines(service(), created.orderId, { changes: [{ lineIndex: 2, remove: true }] });
    expectRefused(
      packed,
      409,
      'ILLEGAL_TRANSITION',
      `order ${created.orderNumber} is packed and ready for pickup: move it back to IN_PROCESS (open the bag) before changing its lines`,
    );
    expect((await move('IN_PROCESS')).statusCode).toBe(200);
    const reopened = await editLines(service(), created.orderId, { changes: [{ lineIndex: 2, remove: true }] });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json<Ticket>().items.map((item) => item.lineIndex)).toEqual([1]);
  });
});

describe('two edits at once', () => {
  it('of one order are made one after the other, each on what the other left', async () => {
    const [a, b, c] = await countedProducts(service().app);
    const created = await ticketOf(service(), [
      { productId: a!.id, quantity: 1 },
      { productId: b!.id, quantity: 1 },
      { productId: c!.id, quantity: 1 },
    ]);
    const before = {
      a: await packageStock(service().app, a!.packageId),
      b: await packageStock(service().app, b!.packageId),
    };
    const [first, second] = await Promise.all([
      editLines(service(), created.orderId, { changes: [{ lineIndex: 1, quantity: 4 }] }),
      editLines(service(), created.orderId, { changes: [{ lineIndex: 2, remove: true }] }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const ticket = await readTicket(service(), created.orderId);
    expect(ticket.items.map((item) => [item.lineIndex, item.quantity])).toEqual([
      [1, 4],
      [3, 1],
    ]);
    expect(await packageStock(service().app, a!.packageId)).toEqual({
      ...before.a,
      reserved: before.a.reserved + 3000,
    });
    expect(await packageStock(service().app, b!.packageId)).toEqual({
      ...before.b,
      reserved: before.b.reserved - 1000,
    });
    const quote = await quoteOf(service(), [
      { productId: a!.id, quantity: 4 },
      { productId: c!.id, quantity: 1 },
    ]);
    expect(totalsOf(ticket)).toEqual(totalsOf(quote));
  });

  it('of two orders wanting the last units of one package: one gets them, the other is told how many there are', async () => {
    const [a] = await countedProducts(service().app, 5);
    const one = await ticketOf(service(), [{ productId: a!.id, quantity: 1 }]);
    const two = await ticketOf(service(), [{ productId: a!.id, quantity: 1 }]);
    const stock = await packageStock(service().app, a!.packageId);
    const available = (stock.onHand - stock.reserved) / 1000;
    // Each asks for more than half of what is left: only one can have it.
    const more = Math.floor(available / 2) + 1;
    const answers = await Promise.all(
      [one, two].map((order) =>
        editLines(service(), order.orderId, { changes: [{ lineIndex: 1, quantity: 1 + more }] }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const label = one.items[0]!.packageLabel || a!.packageId;
    expectRefused(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'CONFLICT',
      `line 1 (${a!.name}): package ${label} has ${available - more} available, not the ${more} more this change takes`,
    );
    expect(await packageStock(service().app, a!.packageId)).toEqual({
      ...stock,
      reserved: stock.reserved + more * 1000,
    });
  });
});
