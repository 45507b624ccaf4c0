import { describe, expect, it } from 'vitest';
import { orderDiscounts, refundedCents } from '../../../../renderer/backoffice/logic/order-discounts.js';

/** A line as the ticket keeps it: before and after its discounts, its description and its deals. */
const item = (before: number, after: string, description: string, discounts: [string, string][]) =>
  ({
    originalPrice: before,
    priceSell: after,
    discountDescription: description,
    discounts: discounts.map(([name, amount]) => ({ dealId: name, name, amount })),
  }) as never;

describe('an order’s discounts for the manager who refunds it', () => {
  it('names each promotion and deal once with what it took off every line, biggest first', () => {
    const order = {
      items: [
        item(22, '14.26', '10% off edibles; Wednesday edibles; Spring code', [
          ['Wednesday edibles', '3.96'],
          ['Spring code', '1.58'],
        ]),
        item(20, '12.96', '10% off edibles; Wednesday edibles; Spring code', [
          ['Wednesday edibles', '3.60'],
          ['Spring code', '1.44'],
        ]),
        item(24, '12.00', '3 pre-rolls for $20; Spring code', [
          ['3 pre-rolls for $20', '10.67'],
          ['Spring code', '1.33'],
        ]),
      ],
    };
    expect(orderDiscounts(order)).toEqual(
      [
        { kind: 'deal', name: '3 pre-rolls for $20', cents: 1067 },
        { kind: 'deal', name: 'Wednesday edibles', cents: 756 },
        { kind: 'promotion', name: '10% off edibles', cents: 420 },
        { kind: 'deal', name: 'Spring code', cents: 435 },
      ].sort((a, b) => b.cents - a.cents),
    );
  });

  it('has none for an order at full price', () => {
    expect(orderDiscounts({ items: [item(10, '10.00', '', [])] })).toEqual([]);
  });

  it('adds what the payments gave back', () => {
    expect(refundedCents([{ refundedAmount: 2662 }, { refundedAmount: 0 }])).toBe(2662);
    expect(refundedCents([])).toBe(0);
  });
});
