import { describe, expect, it } from 'vitest';
import type { ManualDiscount } from '../../../../shared/contracts/manual-discounts.js';
import type { Ticket } from '../../../../shared/contracts/ticket.js';
import {
  emptyCustomer,
  lineQuantity,
  linesHeld,
  paymentCustomerOf,
  ticketRequest,
  type SaleAsked,
} from '../../../../renderer/pos/logic/cart.js';
import { product } from './fixtures.js';

const eighth = product({ name: 'Blue Dream 3.5g' });
const loose = product({ name: 'House Flower', deli: true, unitType: 'g' });
const nothingTaken = { rewardCents: 0, promoCodes: [], dealIds: [], manualDiscounts: [] } satisfies Omit<
  SaleAsked,
  'lines'
>;

describe('the ticket request of the cart', () => {
  it('sends the lines alone when nothing is spent or taken off', () => {
    expect(ticketRequest({ ...nothingTaken, lines: [{ product: eighth, quantity: 2 }] })).toEqual({
      type: 'PICKUP',
      items: [{ productId: 'id-Blue Dream 3.5g', quantity: 2 }],
    });
  });

  it('adds the reward dollars (from cents), the customer, codes, deals and manual discounts it holds', () => {
    const manualDiscounts: ManualDiscount[] = [{ percent: 10, reason: 'Damaged package' }];
    const request = ticketRequest({
      lines: [{ product: loose, quantity: 1.25 }],
      rewardCents: 550,
      customerId: 'c-1',
      promoCodes: ['SPRING'],
      dealIds: ['d-1'],
      manualDiscounts,
    });
    expect(request).toEqual({
      type: 'PICKUP',
      items: [{ productId: 'id-House Flower', quantity: 1.25 }],
      rewardDollars: 5.5,
      customerId: 'c-1',
      promoCodes: ['SPRING'],
      dealIds: ['d-1'],
      manualDiscounts,
    });
  });

  it('sends no reward dollars while they are not an amount', () => {
    expect(ticketRequest({ ...nothingTaken, rewardCents: undefined, lines: [] })).not.toHaveProperty('rewardDollars');
  });
});

describe('the customer for a payment event', () => {
  it('is the four fields trimmed, without the checked customer id', () => {
    const fields = {
      firstName: ' Ana ',
      lastName: 'Ruiz',
      phone: ' 555-0100',
      email: 'ana@example.com ',
      customerId: 'c-1',
    };
    expect(paymentCustomerOf(fields)).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      phone: '555-0100',
      email: 'ana@example.com',
    });
  });

  it('is none while any field is empty or blank', () => {
    expect(paymentCustomerOf(emptyCustomer())).toBeUndefined();
    expect(
      paymentCustomerOf({ firstName: 'Ana', lastName: 'Ruiz', phone: '  ', email: 'ana@example.com' }),
    ).toBeUndefined();
  });
});

describe('a line quantity as set', () => {
  it('is whole units for a counted product and a weight to three decimals for a weighed one', () => {
    expect(lineQuantity(eighth, 2.6)).toBe(3);
    expect(lineQuantity(loose, 1.23456)).toBe(1.235);
  });
});

describe('the cart as the order holds it', () => {
  it('takes the order quantities, shares one product among its lines in order, and drops what it could not fill', () => {
    const lines = [
      { product: eighth, quantity: 2 },
      { product: loose, quantity: 1.5 },
      { product: eighth, quantity: 3 },
    ];
    const order = { items: [{ productId: 'id-Blue Dream 3.5g', quantity: 4 }] } as Pick<Ticket, 'items'>;
    expect(linesHeld(lines, order)).toEqual([
      { product: eighth, quantity: 2 },
      { product: eighth, quantity: 2 },
    ]);
  });
});
