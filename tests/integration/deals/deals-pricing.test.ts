import type { AuditDay } from '../../../shared/contracts/audit.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptResponse } from '../../../shared/contracts/receipts.js';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import { cents, DEMO_CLIENT, demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';
import { drawer, loginAt, reportOf, shiftOf } from '../cash/support/drawer-fixtures.js';
import { pay, session } from '../payments/support/payment-fixtures.js';
import { saleRequests, totalsOf } from './sale-requests.js';

// Every sale is priced by the store's deals (README "Deals"): the quote and the ticket alike, to the
// cent, explained line by line; by the store's clock; a promo code answered in words; a limit counted
// from the orders that used it; a change of the order's lines priced again.
let service: DemoService;
let manager: string;
/** Wednesday 2026-12-02, 11:00 in Los Angeles (the demo store's time). */
let clock = Date.parse('2026-12-02T19:00:00Z');
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Tokens last a week: the clock moves a day on.
  service = await demoService({ now: () => new Date(clock), tokenTtlSeconds: 7 * 86_400 });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  for (const sku of ['EDI-001', 'PRE-001', 'PRE-002', 'PRE-004', 'FLW-001']) {
    const found = await setup('GET', `/products/${sku}`);
    expect(found.statusCode, found.body).toBe(200);
    ids[sku] = found.json<{ product: { productId: string } }>().product.productId;
  }
  const scope = (over: object) => ({ productIds: [], brands: [], categories: [], tags: [], ...over });
  const days = (weekdays: number[]) => ({
    startDate: null,
    endDate: null,
    weekdays,
    startMinute: null,
    endMinute: null,
  });
  for (const deal of [
    {
      name: 'Wednesday edibles',
      kind: 'percent',
      percent: 20,
      scope: scope({ categories: ['EDIBLE'] }),
      schedule: days([3]),
    },
    {
      name: '3 pre-rolls for $20',
      kind: 'bundle',
      bundleQuantity: 3,
      bundlePriceCents: 2000,
      scope: scope({ productIds: ['PRE-001', 'PRE-002'] }),
    },
    {
      name: 'Spring code',
      kind: 'amount',
      amountCents: 500,
      trigger: 'code',
      code: 'SPRING5',
      totalLimit: 1,
      scope: scope({ productIds: ['FLW-001'] }),
    },
  ]) {
    const added = await setup('POST', '/deals', deal);
    expect(added.statusCode, added.body).toBe(200);
  }
});
afterAll(() => service.close());

const setup = (method: 'GET' | 'POST', path: string, payload?: object) =>
  setupRequest(service, manager, method, path, payload);

const body = (lines: [string, number][], extra: object = {}) => ({
  type: 'PICKUP',
  items: lines.map(([sku, quantity]) => ({ productId: ids[sku], quantity })),
  ...extra,
});
const quote = (lines: [string, number][], extra: object = {}) => saleRequests(service).quote(body(lines, extra));
const ticket = (lines: [string, number][], extra: object = {}) => saleRequests(service).ticket(body(lines, extra));
const lineOf = (priced: TicketQuote, sku: string) => priced.items.find((item) => item.productId === ids[sku])!;

describe('a sale priced by the store’s deals', () => {
  it('takes a Wednesday deal after a product’s own promotion, on the quote and the ticket alike', async () => {
    const priced = await quote([['EDI-001', 1]]);
    const edible = lineOf(priced, 'EDI-001');
    // $20.00, its own 10 % ($2.00), then 20 % of the $18.00 left ($3.60).
    expect(edible).toMatchObject({
      originalPrice: 20,
      priceSell: '14.40',
      discountDescription: '10% off edibles; Wednesday edibles',
      discounts: [{ dealId: expect.any(String), name: 'Wednesday edibles', amount: '3.60' }],
    });
    expect(priced.deals).toEqual([{ dealId: edible.discounts[0]!.dealId, name: 'Wednesday edibles', amount: '3.60' }]);
    expect(priced.discount).toBe('-5.60');
    const made = await ticket([['EDI-001', 1]]);
    expect(totalsOf(made)).toEqual(totalsOf(priced));
    expect(made.items[0]!.discounts).toEqual(edible.discounts);
    // Read back, the order keeps what it got.
    const read = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${made.orderId}`,
      headers: service.headers,
    });
    expect(read.json<Ticket>()).toMatchObject({ deals: made.deals, discount: made.discount, total: made.total });
    // Its receipt names both, under the line at its price before them: the lines add up to the subtotal.
    const receipt = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/orders/${made.orderId}/receipt`,
      headers: service.headers,
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const rows = receipt
      .json<ReceiptResponse>()
      .receipt.lines.flatMap((line) => (line.kind === 'row' ? [`${line.label}=${line.amount}`] : []));
    expect(rows.slice(0, 5)).toEqual([
      expect.stringMatching(/^1 × Watermelon Gummies.*=\$20\.00$/),
      '  10% off edibles=-$2.00',
      '  Wednesday edibles=-$3.60',
      'Subtotal=$20.00',
      'Discounts=-$5.60',
    ]);
  });

  it('on Thursday, by the store’s clock, the Wednesday deal is gone', async () => {
    const was = clock;
    clock = Date.parse('2026-12-03T19:00:00Z');
    try {
      const priced = await quote([['EDI-001', 1]]);
      expect(lineOf(priced, 'EDI-001')).toMatchObject({ priceSell: '18.00', discounts: [] });
      expect(priced.deals).toEqual([]);
    } finally {
      clock = was;
    }
  });

  it('makes a bundle of any three, spread over its lines by their amounts, whatever the order of the lines', async () => {
    const one = await quote([
      ['PRE-001', 2],
      ['PRE-002', 1],
    ]);
    const other = await quote([
      ['PRE-002', 1],
      ['PRE-001', 2],
    ]);
    expect(totalsOf(one)).toEqual(totalsOf(other));
    // $36.00 of pre-rolls for $20.00: $16.00 off, $10.67 on the $24.00 line and $5.33 on the $12.00 one.
    expect(one.deals).toEqual([expect.objectContaining({ name: '3 pre-rolls for $20', amount: '16.00' })]);
    expect(lineOf(one, 'PRE-001').discounts[0]!.amount).toBe('10.67');
    expect(lineOf(one, 'PRE-002').discounts[0]!.amount).toBe('5.33');
    expect(lineOf(other, 'PRE-001').discounts).toEqual(lineOf(one, 'PRE-001').discounts);
    expect(cents(one.adjustedSubTotal)).toBe(2000);
  });

  it('answers a promo code in words, applies it once (its limit), and frees the use when the order is canceled', async () => {
    const unknown = await quote([['FLW-001', 1]], { promoCodes: ['nope'] });
    expect(unknown.codes).toEqual([{ code: 'NOPE', applied: false, words: expect.stringMatching(/NOPE/) }]);
    const first = await ticket([['FLW-001', 1]], { promoCodes: ['spring5'] });
    expect(first.promoCodes).toEqual(['SPRING5']);
    expect(first.codes).toEqual([{ code: 'SPRING5', applied: true, words: expect.any(String) }]);
    expect(first.deals).toEqual([expect.objectContaining({ name: 'Spring code', amount: '5.00' })]);
    const second = await quote([['FLW-001', 1]], { promoCodes: ['SPRING5'] });
    expect(second.codes).toEqual([{ code: 'SPRING5', applied: false, words: expect.stringMatching(/used/i) }]);
    expect(second.deals).toEqual([]);
    const canceled = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${first.orderId}/cancel`,
      headers: service.headers,
      payload: { reason: 'The customer left' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await quote([['FLW-001', 1]], { promoCodes: ['SPRING5'] })).codes![0]!.applied).toBe(true);
  });

  it('answers each deal the cashier chose in words: what it took off, or why not; a read of the order has none', async () => {
    const added = await setup('POST', '/deals', {
      name: 'Regulars thank-you',
      kind: 'amount',
      amountCents: 100,
      trigger: 'cashier',
      scope: { productIds: [], brands: [], categories: [], tags: [] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const thanks = added.json<{ deal: { id: string } }>().deal.id;
    const spring = (await setup('GET', '/deals'))
      .json<{ deals: { id: string; name: string }[] }>()
      .deals.find((deal) => deal.name === 'Spring code')!.id;
    const gone = '3f2c8a9e-6b1d-4c2e-9a7f-1d2e3f4a5b6c';
    // Chosen at a register by its cashier; an online order may not choose one (a shop types codes).
    for (const path of ['/quote', '']) {
      const online = await service.request({
        method: 'POST',
        url: `/v2.0/dispensary/demo/ecommerce/ticket${path}`,
        headers: service.headers,
        payload: body([['FLW-001', 1]], { dealIds: [thanks] }),
      });
      expect(online.statusCode, online.body).toBe(403);
      expect(online.json<{ resultDetail: string }>().resultDetail).toMatch(
        /^Deals are chosen at a register by the store's staff, not through an online order/,
      );
    }
    const register = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-8');
    const atRegister = saleRequests(service, { ...DEMO_CLIENT, authorization: `Bearer ${register}` });
    const priced = await atRegister.quote(body([['FLW-001', 1]], { dealIds: [thanks, spring, gone] }));
    expect(priced.chosenDeals).toEqual([
      { dealId: thanks, applied: true, words: 'Regulars thank-you: $1.00 off' },
      {
        dealId: spring,
        applied: false,
        words: 'Spring code is unlocked by its promo code, not chosen: type the code instead',
      },
      { dealId: gone, applied: false, words: 'Not a deal of this store now: it may have been archived' },
    ]);
    const made = await atRegister.ticket(body([['FLW-001', 1]], { dealIds: [thanks] }));
    expect(made.chosenDeals).toEqual([{ dealId: thanks, applied: true, words: 'Regulars thank-you: $1.00 off' }]);
    expect(made.deals).toEqual([expect.objectContaining({ name: 'Regulars thank-you', amount: '1.00' })]);
    const read = await service.request({
      method: 'GET',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${made.orderId}`,
      headers: service.headers,
    });
    expect(read.json<Ticket>()).not.toHaveProperty('chosenDeals');
    expect(read.json<Ticket>().deals).toEqual(made.deals);
  });

  it('prices the order again when its lines change: a bundle broken by a line taken off no longer applies', async () => {
    const made = await ticket([
      ['PRE-001', 2],
      ['PRE-002', 1],
    ]);
    expect(made.discount).toBe('-16.00');
    const line = made.items.find((item) => item.productId === ids['PRE-002'])!;
    const edited = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${made.orderId}/lines`,
      headers: service.headers,
      payload: { changes: [{ lineIndex: line.lineIndex, remove: true }], reason: 'One less' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Ticket>();
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({ priceSell: '24.00', discounts: [], discountDescription: '' });
    expect(after).toMatchObject({ discount: '0.00', deals: [] });
  });

  it('lists the running deals for a register in words, never a promo code', async () => {
    const answer = await service.request({
      method: 'GET',
      url: '/v2.0/dispensary/demo/ecommerce/deals',
      headers: service.headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { deals } = answer.json<{ deals: { name: string; summary: string; trigger: string }[] }>();
    // The cashier's deal added by the test of chosen deals, above, among them.
    expect(deals.map((deal) => deal.name).sort()).toEqual([
      '3 pre-rolls for $20',
      'Regulars thank-you',
      'Spring code',
      'Wednesday edibles',
    ]);
    expect(deals.find((deal) => deal.name === 'Regulars thank-you')).toMatchObject({ trigger: 'cashier' });
    expect(deals.find((deal) => deal.name === 'Wednesday edibles')).toMatchObject({
      summary: '20 % off Edibles, Wednesdays',
      trigger: 'automatic',
    });
    expect(answer.body).not.toContain('SPRING5');
  });

  it('counts the discounts by deal on the register’s X report and the audit trail’s day', async () => {
    const register = await loginAt(service.app, 'cashier', 'cashier-demo-1', 'front-7');
    shiftOf(await drawer(service, register, 'front-7', 'open', { amount: 10_000 }));
    const made = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: { ...DEMO_CLIENT, authorization: `Bearer ${register}` },
      payload: body([
        ['PRE-001', 2],
        ['PRE-002', 1],
        ['EDI-001', 1],
      ]),
    });
    expect(made.statusCode, made.body).toBe(201);
    const sale = made.json<Ticket>();
    const opened = await session(service, register, {
      ticketAlphaNumId: sale.orderNumber,
      originalAmount: cents(sale.total),
    });
    const paid = await pay(service, register, opened.sessionId, {
      paymentMethod: 'Cash',
      amount: cents(sale.total),
      tenderedAmount: cents(sale.total),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const report = reportOf(await drawer(service, register, 'front-7', 'x-report'));
    expect(report.sales!.dealDiscounts).toEqual([
      { name: '3 pre-rolls for $20', amount: 1600 },
      { name: 'Wednesday edibles', amount: 360 },
    ]);
    // The product's own promotion ($2.00) is a discount too, not a deal's.
    expect(report.sales!.discounts).toBe(1600 + 360 + 200);
    // The audit trail's day counts them too (README "Audit trail").
    const day = await service.request({
      method: 'GET',
      url: '/v2.0/audit?dispensaryShortName=demo',
      headers: { authorization: `Bearer ${manager}` },
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json<AuditDay>().dealDiscounts).toEqual(report.sales!.dealDiscounts);
  });

  it('keeps deals to the store’s managers: a cashier may not add one', async () => {
    const cashier = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/setup/deals',
      headers: { authorization: `Bearer ${service.token}`, ...DEMO_CLIENT },
      payload: { name: 'Mine', kind: 'percent', percent: 50 },
    });
    expect(cashier.statusCode).toBe(403);
  });
});
