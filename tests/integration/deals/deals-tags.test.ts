import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ticket, TicketQuote } from '../../../shared/contracts/ticket.js';
import { demoService, login, type DemoService, setupRequest } from '../support/demo-service.js';
import { saleRequests, totalsOf } from './sale-requests.js';

// A deal for a tag (README "Deals", "Products"): it applies to the products tagged so, in any case,
// and to no other; the quote, the ticket and a change of the ticket's lines agree to the cent.
let service: DemoService;
let manager: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  service = await demoService();
  manager = await login(service.app, 'manager', 'manager-demo-1');
  for (const sku of ['FLW-001', 'FLW-003']) {
    const found = await setup('GET', `/products/${sku}`);
    expect(found.statusCode, found.body).toBe(200);
    ids[sku] = found.json<{ product: { productId: string } }>().product.productId;
  }
  const tagged = await setup('PATCH', '/products/FLW-001', { tags: [' Staff-Pick ', 'limited'] });
  expect(tagged.statusCode, tagged.body).toBe(200);
  const added = await setup('POST', '/deals', {
    name: 'Staff picks',
    kind: 'percent',
    percent: 10,
    scope: { productIds: [], brands: [], categories: [], tags: ['staff-pick'] },
  });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => service.close());

const setup = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  setupRequest(service, manager, method, path, payload);

const body = (lines: [string, number][]) => ({
  type: 'PICKUP',
  items: lines.map(([sku, quantity]) => ({ productId: ids[sku], quantity })),
});
const quote = (lines: [string, number][]) => saleRequests(service).quote(body(lines));
const lineOf = (priced: TicketQuote, sku: string) => priced.items.find((item) => item.productId === ids[sku])!;
const BOTH: [string, number][] = [
  ['FLW-001', 1],
  ['FLW-003', 1],
];

describe('a deal for a tag', () => {
  it('applies to the tagged product (any case), not to an untagged one; the quote and the ticket agree', async () => {
    const priced = await quote(BOTH);
    // Blue Dream $35.00, tagged "Staff-Pick": 10 % off is $3.50. Wedding Cake has no tag.
    expect(lineOf(priced, 'FLW-001')).toMatchObject({
      priceSell: '31.50',
      discounts: [{ dealId: expect.any(String), name: 'Staff picks', amount: '3.50' }],
    });
    expect(lineOf(priced, 'FLW-003')).toMatchObject({ discounts: [], discountDescription: '' });
    expect(priced.deals).toEqual([expect.objectContaining({ name: 'Staff picks', amount: '3.50' })]);
    const made = await service.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: service.headers,
      payload: body(BOTH),
    });
    expect(made.statusCode, made.body).toBe(201);
    const ticket = made.json<Ticket>();
    expect(totalsOf(ticket)).toEqual(totalsOf(priced));
    expect(ticket.deals).toEqual(priced.deals);

    // A change of its lines is priced by the tags too: two Blue Dreams, $7.00 off.
    const line = ticket.items.find((item) => item.productId === ids['FLW-001'])!;
    const edited = await service.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${ticket.orderId}/lines`,
      headers: service.headers,
      payload: { changes: [{ lineIndex: line.lineIndex, quantity: 2 }], reason: 'One more' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<Ticket>();
    expect(after.deals).toEqual([expect.objectContaining({ name: 'Staff picks', amount: '7.00' })]);
    expect(totalsOf(after)).toEqual(
      totalsOf(
        await quote([
          ['FLW-001', 2],
          ['FLW-003', 1],
        ]),
      ),
    );
  });

  it('no longer applies once the product’s tag is taken off', async () => {
    const untagged = await setup('PATCH', '/products/FLW-001', { tags: ['limited'] });
    expect(untagged.statusCode, untagged.body).toBe(200);
    const priced = await quote(BOTH);
    expect(priced.deals).toEqual([]);
    expect(lineOf(priced, 'FLW-001')).toMatchObject({ priceSell: '35.00', discounts: [] });
  });
});
