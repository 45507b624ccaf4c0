import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, login, setupRequest, type DemoService } from '../support/demo-service.js';
import { saleRequests, totalsOf } from './sale-requests.js';

// A promo code is matched trimmed and in any case (README "Deals"): spaces around it, as an online
// shop's form or a copy and paste leave them, never refuse the ticket; only a space inside a code,
// or a code of spaces only, is refused, in words (tests/integration/tickets/ticket-bad-input.test.ts).
let service: DemoService;
let flower: string;

beforeAll(async () => {
  service = await demoService();
  const manager = await login(service.app, 'manager', 'manager-demo-1');
  const found = await setupRequest(service, manager, 'GET', '/products/FLW-001');
  expect(found.statusCode, found.body).toBe(200);
  flower = found.json<{ product: { productId: string } }>().product.productId;
  const added = await setupRequest(service, manager, 'POST', '/deals', {
    name: 'Spring code',
    kind: 'amount',
    amountCents: 100,
    trigger: 'code',
    code: 'SPRING10',
    scope: { productIds: ['FLW-001'] },
  });
  expect(added.statusCode, added.body).toBe(200);
});
afterAll(() => service.close());

const body = (promoCodes: string[]) => ({ type: 'PICKUP', items: [{ productId: flower, quantity: 1 }], promoCodes });

describe('a promo code typed with spaces around it', () => {
  it('is the code, trimmed and in capitals, in the quote and the ticket alike', async () => {
    const { quote, ticket } = saleRequests(service);
    const plain = await quote(body(['SPRING10']));
    const spaced = await quote(body([' spring10 ', '\tnope ']));
    expect(spaced.codes).toEqual([
      { code: 'SPRING10', applied: true, words: 'Spring code: $1.00 off' },
      { code: 'NOPE', applied: false, words: 'No deal has the code NOPE: check its spelling' },
    ]);
    expect(totalsOf(spaced)).toEqual(totalsOf(plain));
    const made = await ticket(body(['  Spring10', 'SPRING10 ']));
    // Once, as the order keeps it: the two were one code.
    expect(made.promoCodes).toEqual(['SPRING10']);
    expect(made.codes).toEqual([{ code: 'SPRING10', applied: true, words: 'Spring code: $1.00 off' }]);
    expect(made.deals).toEqual([expect.objectContaining({ name: 'Spring code', amount: '1.00' })]);
    expect(totalsOf(made)).toEqual(totalsOf(plain));
  });
});
