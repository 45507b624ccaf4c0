import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawerReport, ShiftSummary } from '../../../shared/contracts/cash.js';
import type { PaymentRecord } from '../../../shared/contracts/payment.js';
import type { SummaryFigures, SummaryReport } from '../../../shared/contracts/reports.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { DEMO_CLIENT, login, setupRequest } from '../support/demo-service.js';
import { pay, paymentService, session, type PaymentHarness } from '../payments/support/payment-fixtures.js';
import { get } from '../reports/support/report-sales.js';
import { drawer, loginAt, reportOf, shiftOf } from './support/drawer-fixtures.js';

// The X/Z report's "Sales" section (README "Cash drawers") over two store days in Sacramento, one
// shift each at register front-1. The first: a sale with a deal, a sale with a discount given by
// hand, part of a sale refunded, and a deposit toward an order the shift does not complete. The
// second: that order's last payment, its sale counted whole with what was paid before the shift. The
// third: an online order paid in cash, its payment refunded whole and paid again, one sale. Every
// figure is checked, the identity holds to the cent, and each shift is its day's summary.
const clock = { now: new Date('2026-11-10T17:00:00.000Z') };
const LEFT = 51;
let service: PaymentHarness;
let token: string;
const ids: Record<string, string> = {};

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

beforeAll(async () => {
  service = await paymentService({ now: () => clock.now });
  token = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
  for (const sku of ['PRE-004', 'FLW-001']) {
    const found = await setupRequest(service, service.tokens.manager, 'GET', `/products/${sku}`);
    expect(found.statusCode, found.body).toBe(200);
    ids[sku] = found.json<{ product: { productId: string } }>().product.productId;
  }
  const deal = await setupRequest(service, service.tokens.manager, 'POST', '/deals', {
    name: 'Flower Tuesday',
    kind: 'percent',
    percent: 15,
    scope: { productIds: [ids['FLW-001']], brands: [], categories: [], tags: [] },
  });
  expect(deal.statusCode, deal.body).toBe(200);
}, 60_000);
afterAll(() => service?.close());

/** A ticket rung up at front-1 (a discount by hand needs a register), as the ticket API answers it. */
async function ticket(items: [string, number][], extra: object = {}): Promise<Ticket> {
  const made = await service.request({
    method: 'POST',
    url: '/v2.0/dispensary/demo/ecommerce/ticket',
    headers: { ...DEMO_CLIENT, authorization: `Bearer ${token}` },
    payload: { type: 'PICKUP', items: items.map(([sku, quantity]) => ({ productId: ids[sku], quantity })), ...extra },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Ticket>();
}

/** Pays `amount` of a ticket in cash at front-1 (short of its total: a part payment). */
async function payCash(sold: Ticket, amount: number): Promise<PaymentRecord> {
  const opened = await session(service, token, { ticketAlphaNumId: sold.orderNumber, originalAmount: amount });
  const paid = await pay(service, token, opened.sessionId, { paymentMethod: 'Cash', tenderedAmount: amount });
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json<{ payment: PaymentRecord }>().payment;
}

const daySummary = async (day: string): Promise<SummaryFigures> => {
  const { status, body } = await get<SummaryReport>(
    service,
    `/v2.0/dispensary/demo/reports/summary?from=${day}&to=${day}`,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  return body.rows[0]!;
};

/**
 * gross − discounts − returns = net; net + tax − tax refunded + … = taken + tips refunded; taken = the
 * methods' payments less their refunds.
 */
function addsUp(report: DrawerReport): ShiftSummary {
  const sales = report.sales!;
  const s = sales.summary!;
  expect(s.gross - s.discounts - s.returns).toBe(s.net);
  expect(s.dealDiscounts + s.manualDiscounts + s.otherDiscounts).toBe(s.discounts);
  expect(
    s.net +
      s.tax -
      s.taxRefunded +
      s.delivery -
      s.rewardDollars +
      s.rewardDollarsBack +
      s.paidTowardOpen +
      s.paidWithoutOrder -
      s.paidEarlier,
  ).toBe(s.taken + s.tipsRefunded);
  expect(sales.byMethod.reduce((sum, m) => sum + m.amount - m.refunded, 0)).toBe(s.taken);
  expect(sales.taxes.reduce((sum, layer) => sum + layer.amount, 0)).toBe(s.tax);
  return s;
}

/** The shift's figures are its day's summary's, for the same sales. */
function isItsDay(s: ShiftSummary, report: DrawerReport, day: SummaryFigures): void {
  expect({
    gross: day.grossCents,
    discounts: day.discountCents,
    manualDiscounts: day.manualDiscountCents,
    returns: day.returnsCents,
    net: day.netCents,
    tax: day.taxCents,
    taxRefunded: day.returnsTaxCents,
    tipsRefunded: day.refundedTipCents,
    delivery: day.deliveryCents,
    rewardDollars: day.rewardCents,
    rewardDollarsBack: day.rewardBackCents,
    paidTowardOpen: day.paidTowardOpenCents,
    paidEarlier: day.paidEarlierCents,
    deals: day.dealDiscounts.map((deal) => ({ name: deal.name, amount: deal.amountCents })),
    taken: day.tenders.reduce((sum, tender) => sum + tender.amountCents - tender.refundedCents, 0),
  }).toEqual({
    gross: s.gross,
    discounts: s.discounts,
    manualDiscounts: s.manualDiscounts,
    returns: s.returns,
    net: s.net,
    tax: s.tax,
    taxRefunded: s.taxRefunded,
    tipsRefunded: s.tipsRefunded,
    delivery: s.delivery,
    rewardDollars: s.rewardDollars,
    rewardDollarsBack: s.rewardDollarsBack,
    paidTowardOpen: s.paidTowardOpen,
    paidEarlier: s.paidEarlier,
    deals: report.sales!.dealDiscounts ?? [],
    taken: s.taken,
  });
}

let deposit: Ticket;

describe('the X and Z reports’ Sales section', () => {
  it('adds a shift up from gross to net to what was taken, as the day’s summary does', async () => {
    shiftOf(await drawer(service, token, 'front-1', 'open', { amount: 20000 }));
    const withDeal = await ticket([['FLW-001', 1]]);
    expect(withDeal.deals.map((deal) => deal.name)).toEqual(['Flower Tuesday']);
    const paidDeal = await payCash(withDeal, cents(withDeal.total));
    clock.now = new Date('2026-11-10T17:20:00.000Z');
    const byHand = await ticket([['PRE-004', 2]], { manualDiscounts: [{ percent: 10, reason: 'Damaged package' }] });
    expect(byHand.manualDiscounts).toHaveLength(1);
    await payCash(byHand, cents(byHand.total));
    clock.now = new Date('2026-11-10T17:40:00.000Z');
    const refunded = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${paidDeal.id}/refund`,
      headers: { authorization: `Bearer ${token}` },
      payload: { amount: 300, reason: 'Customer returned part of it' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // An order paid in part: a deposit, its last $0.51 left for another day.
    deposit = await ticket([['FLW-001', 2]]);
    const part = cents(deposit.total) - LEFT;
    await payCash(deposit, part);

    const x = reportOf(await drawer(service, token, 'front-1', 'x-report'));
    const s = addsUp(x);
    const sold = [withDeal, byHand];
    const sum = (pick: (t: Ticket) => number) => sold.reduce((total, t) => total + pick(t), 0);
    const dealOff = cents(withDeal.deals[0]!.amount);
    const manualOff = cents(byHand.manualDiscounts[0]!.discount);
    expect(dealOff).toBeGreaterThan(0);
    expect(manualOff).toBeGreaterThan(0);
    // The $3.00 handed back carries its sale's tax in proportion (one line: the order's); the return is the rest.
    const taxBack = Math.round((300 * cents(withDeal.tax)) / cents(withDeal.total));
    expect(taxBack).toBeGreaterThan(0);
    expect(s).toEqual({
      gross: sum((t) => cents(t.subTotal)),
      discounts: dealOff + manualOff,
      dealDiscounts: dealOff,
      manualDiscounts: manualOff,
      otherDiscounts: 0,
      returns: 300 - taxBack,
      net: sum((t) => cents(t.subTotal)) - dealOff - manualOff - (300 - taxBack),
      tax: sum((t) => cents(t.tax)),
      taxRefunded: taxBack,
      delivery: 0,
      rewardDollars: 0,
      rewardDollarsBack: 0,
      paidTowardOpen: part,
      paidWithoutOrder: 0,
      paidEarlier: 0,
      tipsRefunded: 0,
      taken: sum((t) => cents(t.total)) + part - 300,
    });
    expect(x.sales!.dealDiscounts).toEqual([{ name: 'Flower Tuesday', amount: dealOff }]);
    expect(x.sales!.sales).toBe(2);

    // The close keeps the same figures; the day's summary says the same to the cent.
    const z = reportOf(await drawer(service, token, 'front-1', 'close', { amount: x.shift.expected }));
    expect(z.sales!.summary).toEqual(s);
    isItsDay(addsUp(z), z, await daySummary('2026-11-10'));
    // Read back later, the Z report is as its close added it up.
    const again = reportOf(await drawer(service, token, 'front-1', `shifts/${z.shift.id}`));
    expect(again.sales).toEqual(z.sales);
  });

  it('counts an order completed in a later shift whole, with what was paid before the shift', async () => {
    clock.now = new Date('2026-11-11T17:00:00.000Z');
    token = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
    service.tokens.manager = await login(service.app, 'manager', 'manager-demo-1');
    shiftOf(await drawer(service, token, 'front-1', 'open', { amount: 20000 }));
    await payCash(deposit, LEFT);
    const z = reportOf(await drawer(service, token, 'front-1', 'close', { amount: 20000 + LEFT }));
    const s = addsUp(z);
    expect(z.sales!.sales).toBe(1);
    const dealsOff = deposit.deals.reduce((sum, deal) => sum + cents(deal.amount), 0);
    expect(s).toMatchObject({
      gross: cents(deposit.subTotal),
      dealDiscounts: dealsOff,
      net: cents(deposit.subTotal) - dealsOff,
      paidTowardOpen: 0,
      paidEarlier: cents(deposit.total) - LEFT,
      taken: LEFT,
    });
    isItsDay(s, z, await daySummary('2026-11-11'));
  });

  it('counts an order paid, refunded whole and paid again in the shift once, where it was paid for good', async () => {
    clock.now = new Date('2026-11-12T17:00:00.000Z');
    token = await loginAt(service.app, 'manager', 'manager-demo-1', 'front-1');
    service.tokens.manager = await login(service.app, 'manager', 'manager-demo-1');
    shiftOf(await drawer(service, token, 'front-1', 'open', { amount: 20000 }));
    // Placed online (no register): a whole refund leaves it unpaid, to be paid again.
    const made = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: { ...DEMO_CLIENT, authorization: `Bearer ${service.tokens.manager}` },
      payload: { type: 'PICKUP', items: [{ productId: ids['PRE-004'], quantity: 1 }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const online = made.json<Ticket>();
    const total = cents(online.total);
    const first = await payCash(online, total);
    clock.now = new Date('2026-11-12T17:10:00.000Z');
    const refunded = await service.request({
      method: 'POST',
      url: `/v2.0/payments/${first.id}/refund`,
      headers: { authorization: `Bearer ${token}` },
      payload: { amount: total, reason: 'Wrong tender: paid again' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    clock.now = new Date('2026-11-12T17:20:00.000Z');
    await payCash(online, total);

    const x = reportOf(await drawer(service, token, 'front-1', 'x-report'));
    const s = addsUp(x);
    expect(x.sales!.sales).toBe(1);
    expect(s).toMatchObject({
      gross: cents(online.subTotal),
      // The first payment paid no sale: handed back before the order was paid for good, it is no
      // return; what it paid toward the open order and what was handed back of it cancel out.
      returns: 0,
      tax: cents(online.tax),
      taxRefunded: 0,
      paidTowardOpen: 0,
      paidEarlier: 0,
      taken: total,
    });
    expect(x.sales!.byMethod).toMatchObject([{ method: 'Cash', count: 2, amount: 2 * total, refunded: total }]);
    isItsDay(s, x, await daySummary('2026-11-12'));
  });
});
