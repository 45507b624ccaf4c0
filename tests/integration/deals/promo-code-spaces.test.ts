import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealView } from '../../../shared/contracts/deals.js';
import { demoService, login, setupRequest, type DemoService } from '../support/demo-service.js';
import { saleRequests, totalsOf } from './sale-requests.js';

// A promo code is matched trimmed and in any case (README "Deals"): spaces around it, as an online
// shop's form or a copy and paste leave them, never refuse the ticket, nor a deal's own code; only a
// space inside a code, or a code of spaces only, is refused, in words
// (tests/integration/tickets/ticket-bad-input.test.ts). A deal's code and a code typed on a sale keep
// one rule: 1 to 32 letters, digits, - or _ (shared/deals/promo-code.ts).
let service: DemoService;
let manager: string;
let flower: string;

beforeAll(async () => {
  service = await demoService();
  manager = await login(service.app, 'manager', 'manager-demo-1');
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

const RULE = 'a code of 1 to 32 letters, digits, - or _, without spaces inside it';

/** A code deal of $1.00 off the flower, as the API adds it (or refuses it). */
const addCodeDeal = (name: string, code: unknown) =>
  setupRequest(service, manager, 'POST', '/deals', {
    name,
    kind: 'amount',
    amountCents: 100,
    trigger: 'code',
    code,
    scope: { productIds: ['FLW-001'] },
  });

describe("a deal's own promo code", () => {
  it('typed with spaces around it is kept trimmed, in capitals, and a sale typing it gets the deal', async () => {
    const added = await addCodeDeal('Save ten', ' save10 ');
    expect(added.statusCode, added.body).toBe(200);
    const deal = added.json<{ deal: DealView }>().deal;
    expect(deal.code).toBe('SAVE10');
    const { db } = service.app.ctx;
    const stored = await db.first(db.builder.selectFrom('deals').select('code').where('id', '=', deal.id));
    expect(stored?.code).toBe('SAVE10');
    const changed = await setupRequest(service, manager, 'PATCH', `/deals/${deal.id}`, { code: '\tSave11  ' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ deal: DealView }>().deal.code).toBe('SAVE11');
    const { quote } = saleRequests(service);
    expect((await quote(body(['save11']))).codes).toEqual([
      { code: 'SAVE11', applied: true, words: 'Save ten: $1.00 off' },
    ]);
    // Spaces around it are no other code: the one the deal already has is taken.
    const copy = await addCodeDeal('Copy of spring', '  Spring10 ');
    expect([copy.statusCode, copy.json().resultDetail]).toEqual([
      400,
      'code is taken: Spring code has the code SPRING10',
    ]);
  });

  it('keeps the rule a sale’s code keeps: any code a ticket takes, and none it refuses', async () => {
    const short = await addCodeDeal('One letter', 'z');
    expect(short.statusCode, short.body).toBe(200);
    const longest = 'L'.repeat(32);
    const long = await addCodeDeal('Longest code', ` ${longest} `);
    expect(long.statusCode, long.body).toBe(200);
    const { quote } = saleRequests(service);
    expect((await quote(body(['Z', longest.toLowerCase()]))).codes).toEqual([
      { code: 'Z', applied: true, words: 'One letter: $1.00 off' },
      { code: longest, applied: true, words: 'Longest code: $1.00 off' },
    ]);
    for (const code of ['SPRING 11', 'M'.repeat(33), 'SPRING!']) {
      const refused = await addCodeDeal(`Refused ${code}`, code);
      expect([code, refused.statusCode, refused.json().resultDetail]).toEqual([code, 400, `code must be ${RULE}`]);
      const ticket = await service.request({
        method: 'POST',
        url: '/v2.0/dispensary/demo/ecommerce/ticket',
        headers: service.headers,
        payload: body([code]),
      });
      expect([code, ticket.statusCode, ticket.json().resultDetail]).toEqual([
        code,
        400,
        `promoCodes[0] must be ${RULE}`,
      ]);
    }
    const blank = await addCodeDeal('Blank code', '   ');
    expect([blank.statusCode, blank.json().resultDetail]).toEqual([400, 'code must not be blank']);
  });
});
