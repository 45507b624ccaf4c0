// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TicketQuote } from '../../../../shared/contracts/ticket.js';
import {
  chosenChips,
  codeChips,
  codeRefusal,
  linePrice,
  lineSavings,
  normalCode,
  savingWords,
  storeSavings,
} from '../../../../renderer/pos/logic/sale-deals.js';
import { displayLines } from '../../../../renderer/pos/logic/sale-view.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useSaleDealsStore } from '../../../../renderer/pos/stores/sale-deals.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

type Item = TicketQuote['items'][number];
const bundle = { dealId: 'd1', name: '3 pre-rolls for $20', amount: '6.66' };

describe('what the deals did to a line', () => {
  const line = { priceSell: '13.34', originalPrice: 20, discountDescription: bundle.name, discounts: [bundle] };

  it('names each deal with what it saved, and the line’s price before them', () => {
    expect(lineSavings(line)).toEqual([{ name: '3 pre-rolls for $20', amount: 666 }]);
    expect(savingWords({ name: 'Wednesday edibles', amount: 360 })).toBe('Wednesday edibles −$3.60');
    expect(linePrice(line)).toEqual({ now: 1334, was: 2000 });
    expect(linePrice({ priceSell: '20.00', originalPrice: 20, discountDescription: '', discounts: [] })).toEqual({
      now: 2000,
      was: null,
    });
  });

  it('sends each line’s savings to the pole display, and none on a line without deals', () => {
    const item = (fields: Partial<Item>) =>
      ({ productId: 'p1', name: 'Pre-roll', brand: '', size: '1g', deli: false, quantity: 2, ...fields }) as Item;
    const lines = displayLines({
      items: [
        item(line),
        item({ productId: 'p2', priceSell: '36.00', originalPrice: 36, discountDescription: '', discounts: [] }),
      ],
      subTotal: '56.00',
      discount: '-6.66',
      tierDiscount: '0.00',
      tax: '0.00',
      payByPoints: '0.00',
      total: '49.34',
      unavailableItems: [],
    });
    expect(lines[0]).toMatchObject({
      key: 'p1',
      lineTotal: 1334,
      savings: [{ name: '3 pre-rolls for $20', amount: 666 }],
    });
    expect(lines[1]).not.toHaveProperty('savings');
  });
});

describe("a product's own promotion under its line", () => {
  // Watermelon Gummies: $20.00, its own 10 % ($2.00), then Wednesday edibles (20 %, $3.60), then $1.44 by hand.
  const wednesday = { dealId: 'd2', name: 'Wednesday edibles', amount: '3.60' };
  const gummies = {
    priceSell: '14.40',
    originalPrice: 20,
    discountDescription: '10% off edibles; Wednesday edibles',
    discounts: [wednesday],
  };

  it('names the promotion with what it took, before the deals, so they add up to the price before them', () => {
    expect(lineSavings(gummies)).toEqual([
      { name: '10% off edibles', amount: 200 },
      { name: 'Wednesday edibles', amount: 360 },
    ]);
    expect(linePrice(gummies)).toEqual({ now: 1440, was: 2000 });
  });

  it('lists the manual discount on the display, and leaves it to the cart’s own words at the register', () => {
    const manual = { dealId: 'manual', name: 'Manual discount', amount: '1.44' };
    const given = {
      ...gummies,
      priceSell: '12.96',
      discountDescription: '10% off edibles; Wednesday edibles; Manual discount',
      discounts: [wednesday, manual],
    };
    expect(lineSavings(given).map((saving) => saving.name)).toEqual([
      '10% off edibles',
      'Wednesday edibles',
      'Manual discount',
    ]);
    expect(storeSavings(given)).toEqual(lineSavings(gummies));
  });

  it('sends the promotion to the pole display with the deals', () => {
    const item = {
      productId: 'p1',
      name: 'Watermelon Gummies',
      brand: '',
      size: '10 pieces',
      deli: false,
      quantity: 1,
    };
    const [shown] = displayLines({
      items: [{ ...item, ...gummies } as Item],
      subTotal: '20.00',
      discount: '-5.60',
      tierDiscount: '0.00',
      tax: '0.00',
      payByPoints: '0.00',
      total: '14.40',
      unavailableItems: [],
    });
    expect(shown).toMatchObject({ lineTotal: 1440, savings: lineSavings(gummies) });
  });
});

describe('promo codes as typed', () => {
  it('keeps a code in capitals and says why one cannot be added, beside its field', () => {
    expect(normalCode('  spring5 ')).toBe('SPRING5');
    expect(codeRefusal('', [])).toBe('Type the code as it is written on the coupon or the ad.');
    // The service's one rule (shared/deals/promo-code.ts): any code a ticket takes is added.
    const rule = 'A promo code is 1 to 32 letters, digits, - or _, without spaces inside it.';
    expect(codeRefusal('SPRING 5', [])).toBe(rule);
    expect(codeRefusal('S'.repeat(33), [])).toBe(rule);
    expect(codeRefusal('SPRING!', [])).toBe(rule);
    expect(codeRefusal('SPRING5', ['SPRING5'])).toBe('SPRING5 is on the sale already.');
    for (const code of ['SPRING5', 'Z', 'AB', 'S'.repeat(32), 'SPRING_5-B'])
      expect(codeRefusal(code, []), code).toBeNull();
  });

  it('shows each code with what the last quote said of it, or that it is not checked yet', () => {
    const said = [
      { code: 'SPRING5', applied: true, words: 'Spring code: $5.00 off' },
      { code: 'NOPE1', applied: false, words: 'No deal has the code NOPE1: check its spelling' },
      { code: 'OLD10', applied: false, words: 'OLD10 (Old code) ended on Mar 31, 2026' },
      {
        code: 'WELCOME5',
        applied: false,
        words: 'WELCOME5 (Welcome five) may be used once per customer: add the customer to the sale first',
      },
    ];
    expect(
      codeChips(['SPRING5', 'NOPE1', 'OLD10', 'WELCOME5', 'NEW10'], said, true).map(({ code, applied, rest }) => [
        code,
        applied,
        rest,
      ]),
    ).toEqual([
      ['SPRING5', true, 'Spring code: $5.00 off'],
      ['NOPE1', false, 'No deal has the code NOPE1: check its spelling'],
      // A sentence after the code, its deal's name first, not "(Old code) ended…".
      ['OLD10', false, 'Old code ended on Mar 31, 2026'],
      ['WELCOME5', false, 'Welcome five may be used once per customer: add the customer to the sale first'],
      ['NEW10', null, 'Checking…'],
    ]);
    expect(codeChips(['SPRING5'], undefined, false)).toEqual([
      {
        code: 'SPRING5',
        applied: null,
        words: 'Checked when an item is in the cart',
        rest: 'Checked when an item is in the cart',
      },
    ]);
  });
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The service as the stores see it: answers by route, recording every call; an unexpected call fails. */
function fakeService(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const result = answer(call);
    if (result === undefined) throw new Error(`unexpected call ${call.method} ${call.path}`);
    return new Response(JSON.stringify(result), { status: 200 });
  });
  return calls;
}

const running = [
  {
    dealId: 'd-staff',
    name: 'Staff pick',
    summary: '10 % off',
    when: 'Every day',
    trigger: 'cashier',
    exclusive: false,
  },
  {
    dealId: 'd-wed',
    name: 'Wednesday edibles',
    summary: '20 % off Edibles',
    when: 'Wednesdays',
    trigger: 'automatic',
    exclusive: false,
  },
];

const quote = {
  items: [
    { productId: 'id-a', name: 'a', brand: '', size: '1g', deli: false, quantity: 1, priceSell: '5.00', discounts: [] },
  ],
  subTotal: '10.00',
  discount: '-5.00',
  tierDiscount: '0.00',
  tax: '0.00',
  payByPoints: '0.00',
  total: '5.00',
  unavailableItems: [],
  codes: [{ code: 'SPRING5', applied: true, words: 'Spring code: $5.00 off' }],
};

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('the deals a sale asks for', () => {
  it('offers only the cashier’s deals, and sends codes and chosen deals with every quote and the ticket', async () => {
    const calls = fakeService((call) => {
      if (call.path.endsWith('/ecommerce/deals')) return { resultCode: 'SUCCESS', deals: running };
      if (call.path.endsWith('/ticket/quote')) return quote;
      if (call.path.endsWith('/ticket')) return { ...quote, orderId: 'o1', orderNumber: 'AB23CD' };
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const deals = useSaleDealsStore();
    const cart = useCartStore();
    await deals.load();
    expect(deals.cashierDeals.map((deal) => deal.name)).toEqual(['Staff pick']);

    expect(deals.addCode('spring5')).toBe(true);
    expect(deals.addCode('Spring5')).toBe(false);
    expect(deals.codeError).toBe('SPRING5 is on the sale already.');
    expect(deals.choose('d-staff')).toBe(true);
    expect(deals.choose('d-staff')).toBe(false);
    expect(deals.chosen).toEqual([running[0]]);
    cart.add(product({ name: 'a' }));
    await cart.settled();
    await useCheckoutStore().start('pos');

    const sent = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent).toHaveLength(2);
    for (const body of sent) expect(body).toMatchObject({ promoCodes: ['SPRING5'], dealIds: ['d-staff'] });
  });

  it('drops a removed code or deal from the next quote, and forgets both with the sale', async () => {
    const calls = fakeService((call) => {
      if (call.path.endsWith('/ticket/quote')) return quote;
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const deals = useSaleDealsStore();
    const cart = useCartStore();
    deals.addCode('SPRING5');
    deals.addCode('SUMMER');
    deals.choose('d-staff');
    deals.removeCode('SPRING5');
    deals.drop('d-staff');
    cart.add(product({ name: 'a' }));
    await cart.settled();
    expect(calls.at(-2)!.body).toEqual({
      type: 'PICKUP',
      items: [{ productId: 'id-a', quantity: 1 }],
      promoCodes: ['SUMMER'],
    });

    await useCheckoutStore().newSale();
    expect([deals.promoCodes, deals.dealIds, deals.codeError]).toEqual([[], [], '']);
    expect(cart.request).toEqual({ type: 'PICKUP', items: [] });
  });
});

describe('the chips of the deals the cashier chose', () => {
  const thanks = { dealId: 'd1', name: 'Regulars thank-you' };
  it('say what the quote found: what each took off, or why not, after its name', () => {
    expect(
      chosenChips(
        [thanks, { dealId: 'd2', name: 'd2' }],
        [
          { dealId: 'd1', applied: true, words: 'Regulars thank-you: $1.00 off' },
          { dealId: 'd2', applied: false, words: 'Not a deal of this store now: it may have been archived' },
        ],
      ),
    ).toEqual([
      { dealId: 'd1', name: 'Regulars thank-you', applied: true, rest: '$1.00 off' },
      { dealId: 'd2', name: 'd2', applied: false, rest: 'Not a deal of this store now: it may have been archived' },
    ]);
    expect(
      chosenChips([thanks], [{ dealId: 'd1', applied: false, words: 'Regulars thank-you is paused' }])[0]!.rest,
    ).toBe('is paused');
  });

  it('before a quote answers, say the cashier gave it', () => {
    expect(chosenChips([thanks], undefined)).toEqual([{ ...thanks, applied: null, rest: 'given by the cashier' }]);
  });
});
