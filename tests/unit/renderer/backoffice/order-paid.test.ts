import { describe, expect, it } from 'vitest';
import { orderPaid, orderStatusWords } from '../../../../renderer/backoffice/logic/order-paid.js';

const order = (status: string, total = '5.00', source = 'online') =>
  ({ status, total, source }) as Parameters<typeof orderStatusWords>[0];
const payment = (status: string, originalAmount: number) =>
  ({ status, originalAmount }) as Parameters<typeof orderPaid>[1][number];

describe('an order’s payments in the back office', () => {
  it('an order awaiting payment with some of its money in is partly paid, with what is left', () => {
    const paid = orderPaid(order('AWAITING_PROCESSING'), [payment('approved', 100), payment('declined', 400)]);
    expect(paid).toEqual({ paid: 100, due: 400, partPaid: true });
    expect(orderStatusWords(order('AWAITING_PROCESSING'), [payment('approved', 100)])).toBe('partly paid');
  });

  it('with nothing approved it awaits payment; voided or refunded money is not paid', () => {
    expect(orderPaid(order('AWAITING_PROCESSING'), []).partPaid).toBe(false);
    const none = [payment('voided', 100), payment('refunded', 200), payment('pending', 50)];
    expect(orderPaid(order('AWAITING_PROCESSING'), none)).toEqual({ paid: 0, due: 500, partPaid: false });
    expect(orderStatusWords(order('AWAITING_PROCESSING'), none)).toBe('awaiting payment');
  });

  it('an order paid in full, or further on, says where it is', () => {
    expect(orderPaid(order('PAID'), [payment('approved', 500)]).partPaid).toBe(false);
    expect(orderStatusWords(order('PAID'), [payment('approved', 500)])).toBe('paid');
    expect(orderStatusWords(order('COMPLETED', '5.00', 'register'), [payment('approved', 500)])).toBe('sold');
  });
});
