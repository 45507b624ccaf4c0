import { describe, expect, it } from 'vitest';
import type { Deal } from '../../../shared/deals/deal.js';
import { deal, line, schedule, scope } from './deal-fixtures.js';
import { priced } from './priced.js';

const spring = (fields: Partial<Deal> = {}) =>
  deal({ id: 'spring', name: 'Spring sale', trigger: 'code', code: 'SPRING10', ...fields });
const words = (deals: Deal[], codes: string[], ctx: Parameters<typeof priced>[2] = {}, lines = [line('a', 1000)]) =>
  priced(deals, lines, { codes, ...ctx }).codes;

describe('promo codes typed', () => {
  it('say what they took off', () => {
    expect(words([spring()], ['spring10'])).toEqual([
      { code: 'SPRING10', applied: true, words: 'Spring sale: $1.00 off' },
    ]);
  });

  it.each<[string, Deal[], string[], Parameters<typeof priced>[2], string]>([
    ['an unknown code', [spring()], ['NOPE'], {}, 'No deal has the code NOPE: check its spelling'],
    ['an empty code', [spring()], ['  '], {}, 'The code is empty: type the code as it is written'],
    ['a paused deal', [spring({ active: false })], ['SPRING10'], {}, 'SPRING10 (Spring sale) is paused'],
    [
      'a deal not started',
      [spring({ schedule: schedule({ startDate: '2027-01-01' }) })],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) starts on Jan 1, 2027',
    ],
    [
      'a deal ended',
      [spring({ schedule: schedule({ endDate: '2026-11-30' }) })],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) ended on Nov 30, 2026',
    ],
    [
      'a deal of other days',
      [spring({ schedule: schedule({ weekdays: [5], startMinute: 1320, endMinute: 120 }) })],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) runs Fri 10:00 PM–2:00 AM, not now',
    ],
    [
      'a group deal with no customer',
      [spring({ groups: [{ kind: 'medical' }] })],
      ['SPRING10'],
      { customer: null },
      'SPRING10 (Spring sale) is for medical patients: add the customer to the sale first',
    ],
    [
      'a group deal for other customers',
      [spring({ groups: [{ kind: 'medical' }, { kind: 'veteran' }] })],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) is only for medical patients and veterans',
    ],
    [
      'a deal limited per customer, for a sale naming nobody',
      [spring({ perCustomerLimit: 1 })],
      ['SPRING10'],
      { customer: null },
      'SPRING10 (Spring sale) may be used once per customer: add the customer to the sale first',
    ],
    [
      'a deal limited per customer, twice',
      [spring({ perCustomerLimit: 2 })],
      ['SPRING10'],
      { customer: null },
      'SPRING10 (Spring sale) may be used 2 times per customer: add the customer to the sale first',
    ],
    [
      'a deal used up',
      [spring({ perCustomerLimit: 1 })],
      ['SPRING10'],
      { usesLeft: new Map([['spring', 0]]) },
      'SPRING10 (Spring sale) has been used as many times as it may be (once per customer)',
    ],
    [
      'a deal used up in all, and by this customer',
      [spring({ perCustomerLimit: 2, totalLimit: 50 })],
      ['SPRING10'],
      { usesLeft: new Map([['spring', 0]]) },
      'SPRING10 (Spring sale) has been used as many times as it may be (2 times per customer, 50 times in all)',
    ],
    [
      'nothing in its scope',
      [spring({ scope: scope({ categories: ['PREROLL'] }) })],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) is for Pre-rolls: none is in the cart',
    ],
    [
      'a bundle the cart does not make',
      [spring({ kind: 'bundle', bundleQuantity: 3, bundlePriceCents: 2000, scope: scope({ categories: ['EDIBLE'] }) })],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) takes nothing off this cart (Any 3 of Edibles for $20.00, code SPRING10)',
    ],
    [
      'a better exclusive deal on the same items',
      [
        spring({ exclusive: true }),
        deal({ id: 'wed', name: 'Wednesday edibles', percentPpm: 200_000, exclusive: true }),
      ],
      ['SPRING10'],
      {},
      'SPRING10 (Spring sale) saves less than Wednesday edibles on the same items, so Wednesday edibles applies',
    ],
  ])('refused, %s, say why', (_, deals, codes, ctx, expected) => {
    const [answer] = words(deals, codes, ctx);
    expect(answer).toEqual({ code: codes[0]!.trim().toUpperCase(), applied: false, words: expected });
  });

  it('typed twice, answer once', () => {
    expect(words([spring()], ['SPRING10', 'Spring10'])).toEqual([
      { code: 'SPRING10', applied: true, words: 'Spring sale: $1.00 off' },
      { code: 'SPRING10', applied: false, words: 'SPRING10 is typed twice: once is enough' },
    ]);
  });

  it('each answered in the order typed, the cart priced with every code that applies', () => {
    const other = deal({ id: 'vip', name: 'VIP', trigger: 'code', code: 'VIP', kind: 'amount', amountCents: 100 });
    const outcome = priced([spring(), other], [line('a', 1000)], { codes: ['vip', 'nope', 'spring10'] });
    expect(outcome.codes.map((code) => [code.code, code.applied])).toEqual([
      ['VIP', true],
      ['NOPE', false],
      ['SPRING10', true],
    ]);
    expect(outcome.discountCents).toBe(200);
  });
});

describe('deals the cashier chose', () => {
  const thanks = (fields: Partial<Deal> = {}) =>
    deal({ id: 'thanks', name: 'Regulars thank-you', kind: 'amount', amountCents: 100, trigger: 'cashier', ...fields });
  const chosen = (deals: Deal[], ids: string[], ctx: Parameters<typeof priced>[2] = {}) =>
    priced(deals, [line('a', 1000)], { chosen: ids, ...ctx }).chosen;

  it('say what each took off, in the order chosen, once each', () => {
    expect(chosen([thanks()], ['thanks', 'thanks'])).toEqual([
      { dealId: 'thanks', applied: true, words: 'Regulars thank-you: $1.00 off' },
      { dealId: 'thanks', applied: false, words: 'Regulars thank-you is chosen twice: once is enough' },
    ]);
  });

  it.each<[string, Deal[], string, Parameters<typeof priced>[2], string]>([
    ['an id of no deal', [thanks()], 'gone', {}, 'Not a deal of this store now: it may have been archived'],
    ['a paused deal', [thanks({ active: false })], 'thanks', {}, 'Regulars thank-you is paused'],
    [
      'a code deal',
      [spring()],
      'spring',
      {},
      'Spring sale is unlocked by its promo code, not chosen: type the code instead',
    ],
    [
      'a deal ended',
      [thanks({ schedule: schedule({ endDate: '2026-11-30' }) })],
      'thanks',
      {},
      'Regulars thank-you ended on Nov 30, 2026',
    ],
    [
      'a group deal with no customer',
      [thanks({ groups: [{ kind: 'veteran' }] })],
      'thanks',
      { customer: null },
      'Regulars thank-you is for veterans: add the customer to the sale first',
    ],
    [
      'a deal of other products',
      [thanks({ scope: scope({ productIds: ['b'] }) })],
      'thanks',
      {},
      'Regulars thank-you is for 1 product: none is in the cart',
    ],
  ])('say why %s took nothing', (_name, deals, id, ctx, expected) => {
    expect(chosen(deals, [id], ctx)).toEqual([{ dealId: id, applied: false, words: expected }]);
  });
});
