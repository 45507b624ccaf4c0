import { describe, expect, it } from 'vitest';
import {
  changeWords,
  displayLines,
  saleTotals,
  storedCardNotes,
  type PricedSale,
} from '../../../../renderer/pos/logic/sale-view.js';

const item = (fields: Partial<PricedSale['items'][number]>) =>
  ({
    productId: 'p1',
    name: 'Blue Dream',
    brand: 'Humboldt Hills',
    size: '3.5g',
    unitType: 'g',
    deli: false,
    quantity: 2,
    priceSell: '63.00',
    discounts: [],
    ...fields,
  }) as PricedSale['items'][number];

const sale: PricedSale = {
  items: [
    item({}),
    item({ productId: 'p2', name: 'Granddaddy <Purple>', deli: true, quantity: 3.5, priceSell: '35.00' }),
  ],
  subTotal: '105.00',
  discount: '-7.00',
  tierDiscount: '0.00',
  tax: '22.80',
  payByPoints: '-1.25',
  total: '119.55',
  unavailableItems: [],
};

describe('sale view', () => {
  it('turns decimal totals into cents, discounts and reward dollars signed as charged', () => {
    expect(saleTotals(sale)).toEqual({ subtotal: 10500, discount: -700, tax: 2280, rewardDollars: -125, total: 11955 });
  });

  it('shows counted lines by count and size, weighed lines by weight and unit, with line totals in cents', () => {
    expect(displayLines(sale)).toEqual([
      { key: 'p1', name: 'Blue Dream', detail: 'Humboldt Hills · 3.5g', quantity: 2, lineTotal: 6300 },
      // A weighed line is its weight, as the cart shows it: never "1 ×", its size no amount of it.
      { key: 'p2', name: 'Granddaddy <Purple>', detail: 'Humboldt Hills', quantity: 3.5, unit: 'g', lineTotal: 3500 },
    ]);
  });
});

describe('stored card payments at the end of a sale', () => {
  const payment = (fields: Partial<Parameters<typeof storedCardNotes>[0][number]>) => ({
    status: 'approved' as const,
    processorResponseCode: '00',
    cardBrand: 'Visa',
    cardLast4: '4242',
    chargedAmount: 4314,
    ...fields,
  });

  it('tells the cashier which card was stored for later, and what it means', () => {
    expect(
      storedCardNotes([payment({}), payment({ processorResponseCode: 'STORED' }), payment({ status: 'error' })]),
    ).toEqual([
      'Visa ••4242, $43.14: stored for later, because the card processor does not answer. The sale is complete; ' +
        'the payment is sent when the processor answers, and a decline then is the store’s to collect.',
    ]);
    expect(storedCardNotes([payment({})])).toEqual([]);
  });
});

describe('the change said at the end of a sale', () => {
  type Paid = Parameters<typeof changeWords>[0][number];
  const paid = (fields: Partial<Paid>): Paid => ({
    status: 'approved',
    method: 'Credit',
    changeDue: 0,
    cashbackAmount: 0,
    ...fields,
  });

  it('says nothing of change for a sale paid by card, or by points alone: no cash changed hands', () => {
    expect(changeWords([paid({})])).toBeNull();
    expect(changeWords([])).toBeNull();
    // A cash payment that did not go through moved no cash either.
    expect(changeWords([paid({}), paid({ method: 'Cash', status: 'declined', changeDue: 500 })])).toBeNull();
  });

  it('says the change of cash tendered, and "No change" when the cash was exact', () => {
    expect(changeWords([paid({ method: 'Cash', changeDue: 686 })])).toBe('$6.86');
    expect(changeWords([paid({ method: 'Cash' })])).toBe('No change');
    // Cash, then a card for the rest: the cash's change.
    expect(changeWords([paid({ method: 'Cash', changeDue: 0 }), paid({})])).toBe('No change');
  });

  it('counts cash back on a card as cash handed over', () => {
    expect(changeWords([paid({ cashbackAmount: 2000 })])).toBe('$20.00');
  });
});
