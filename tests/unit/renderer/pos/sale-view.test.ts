import { describe, expect, it } from 'vitest';
import type { PaymentRecord } from '../../../../shared/contracts/payment.js';
import type { Ticket } from '../../../../shared/contracts/ticket.js';
import { receiptHtml } from '../../../../renderer/pos/logic/receipt.js';
import { displayLines, saleTotals, type PricedSale } from '../../../../renderer/pos/logic/sale-view.js';

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

  it('shows counted lines by size and weighed lines by weight, with line totals in cents', () => {
    expect(displayLines(sale)).toEqual([
      { key: 'p1', name: 'Blue Dream', detail: 'Humboldt Hills · 3.5g', quantity: 2, lineTotal: 6300 },
      { key: 'p2', name: 'Granddaddy <Purple>', detail: 'Humboldt Hills · 3.5 g', quantity: 1, lineTotal: 3500 },
    ]);
  });
});

describe('receipt', () => {
  const ticket = { ...sale, orderNumber: 'AB12CD', status: 'PAID' } as unknown as Ticket;
  const cash = {
    method: 'Cash',
    status: 'approved',
    tenderedAmount: 12000,
    chargedAmount: 11955,
    changeDue: 45,
    cashbackAmount: 0,
  };
  const html = receiptHtml({
    storeName: 'Green Valley & Co',
    storeAddress: '1 Main St',
    ticket,
    payments: [cash as PaymentRecord, { ...cash, status: 'declined' } as PaymentRecord],
    cashier: 'Casey',
    printedAt: new Date('2026-11-23T18:00:00Z'),
    timeZone: 'America/Los_Angeles',
  });

  it('lists lines, totals, the approved payment and the change, escaping what it shows', () => {
    expect(html).toContain('<h1>Green Valley &#38; Co</h1>');
    expect(html).toContain('<strong>Order AB12CD</strong>');
    expect(html).toContain('3.5 g Granddaddy &#60;Purple&#62;');
    expect(html).toContain('<td>Total</td><td class="amount">$119.55</td>');
    expect(html).toContain('<td>Reward dollars</td><td class="amount">-$1.25</td>');
    expect(html.match(/<td>Cash<\/td>/g)).toHaveLength(1);
    expect(html).toContain('<td>Cash</td><td class="amount">$120.00</td>');
    expect(html).toContain('<td>Change</td><td class="amount">$0.45</td>');
    // The store's time, with its zone, from the one store-time formatter.
    expect(html).toContain('Nov\u00a023,\u00a02026, 10:00\u00a0AM\u00a0PST');
  });
});
