import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderHistory } from '../../../shared/contracts/order-history.js';
import type { Ticket } from '../../../shared/contracts/ticket.js';
import { cents, demoService, login, setupRequest, type DemoService } from '../support/demo-service.js';
import { saleRequests } from '../deals/sale-requests.js';

// The back office's order read says, for each promo code typed, whether it took something off the
// order and how much, from what the order keeps (its lines' deal discounts) and the store's deals
// now: true after its deal is changed, and never a guess once its deal is archived. The clock moves a
// second per reading, so a deal changed after a sale is written after it.
let service: DemoService;
let manager: string;
let clock = Date.parse('2026-06-15T19:00:00Z');
const BASE = '/v2.0/dispensary/demo';
const scope = (over: object) => ({ productIds: [], brands: [], categories: [], tags: [], ...over });
let spring = '';
let flower = '';

beforeAll(async () => {
  service = await demoService({ now: () => new Date((clock += 1000)), tokenTtlSeconds: 7 * 86_400 });
  manager = await login(service.app, 'manager', 'manager-demo-1');
  const found = await setupRequest(service, manager, 'GET', '/products/FLW-001');
  expect(found.statusCode, found.body).toBe(200);
  flower = found.json<{ product: { productId: string } }>().product.productId;
  spring = (await deal('POST', '', { name: 'Spring 20 %', kind: 'percent', percent: 20, ...coded('SPRING20') })).id;
  await deal('POST', '', { name: 'Edibles 5', kind: 'amount', amountCents: 500, ...coded('EDIBLE5', 'EDIBLE') });
});
afterAll(() => service.close());

/** A code deal on the flower FLW-001 (or a category). */
const coded = (code: string, category?: string) => ({
  trigger: 'code',
  code,
  scope: category ? scope({ categories: [category] }) : scope({ productIds: ['FLW-001'] }),
});

async function deal(method: 'POST' | 'PATCH' | 'DELETE', id: string, payload?: object): Promise<{ id: string }> {
  const answer = await service.request({
    method,
    url: `${BASE}/setup/deals${id ? `/${id}` : ''}`,
    headers: { authorization: `Bearer ${manager}` },
    ...(payload && { payload }),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ deal: { id: string } }>().deal;
}

const sale = (promoCodes: string[]): Promise<Ticket> =>
  saleRequests(service).ticket({ type: 'PICKUP', items: [{ productId: flower, quantity: 1 }], promoCodes });

async function codes(orderId: string): Promise<OrderHistory['codes']> {
  const headers = { ...service.headers, authorization: `Bearer ${manager}` };
  const answer = await service.request({ method: 'GET', url: `${BASE}/ecommerce/ticket/${orderId}/history`, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<OrderHistory>().codes;
}

describe('the promo codes of an order, as the back office reads them', () => {
  let both: Ticket;
  let alone: Ticket;
  const notApplied = (code: string) => ({ code, outcome: 'not_applied', amount: 0, deals: [] });

  it('says the code that took something off, by how much and by which deal, and those that did not', async () => {
    both = await sale(['spring20', 'welcome', 'edible5']);
    alone = await sale(['SPRING20']);
    const off = cents(both.deals.find((entry) => entry.dealId === spring)!.amount);
    expect(off).toBeGreaterThan(0);
    // The ticket keeps every code typed, applied or not: the history tells them apart.
    expect(both.promoCodes).toEqual(['SPRING20', 'WELCOME', 'EDIBLE5']);
    expect(await codes(both.orderId)).toEqual([
      { code: 'SPRING20', outcome: 'applied', amount: off, deals: ['Spring 20 %'] },
      notApplied('WELCOME'),
      notApplied('EDIBLE5'),
    ]);
    expect(await codes((await sale([])).orderId)).toEqual([]);
  });

  it('keeps what the sale took after its deal is changed', async () => {
    await deal('PATCH', spring, { name: 'Spring 25 %', percent: 25 });
    const off = cents(both.deals.find((entry) => entry.dealId === spring)!.amount);
    expect(await codes(both.orderId)).toEqual([
      { code: 'SPRING20', outcome: 'applied', amount: off, deals: ['Spring 20 %'] },
      notApplied('WELCOME'),
      notApplied('EDIBLE5'),
    ]);
  });

  it('once its deal is archived (its code freed, even taken again): the one code left is its, never a guess between two', async () => {
    await deal('DELETE', spring);
    await deal('POST', '', { name: 'Spring again', kind: 'percent', percent: 5, ...coded('SPRING20', 'EDIBLE') });
    // The order of one code: the archived code deal can only have been SPRING20's.
    expect(await codes(alone.orderId)).toEqual([
      { code: 'SPRING20', outcome: 'applied', amount: cents(alone.deals[0]!.amount), deals: ['Spring 20 %'] },
    ]);
    // SPRING20 and WELCOME now both name no deal of the sale: either may have unlocked it. EDIBLE5's
    // deal held it before the sale, unchanged since, and took nothing.
    const unknown = (code: string) => ({ code, outcome: 'unknown', amount: 0, deals: ['Spring 20 %'] });
    expect(await codes(both.orderId)).toEqual([unknown('SPRING20'), unknown('WELCOME'), notApplied('EDIBLE5')]);
  });
});
