import { describe, expect, it } from 'vitest';
import {
  orderCharge,
  orderPaid,
  orderStatusWords,
  takePaymentWords,
} from '../../../../renderer/backoffice/logic/order-paid.js';

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

describe('what the virtual terminal takes of an order', () => {
  it('all of it when nothing is paid', () => {
    const charge = orderCharge({ total: '51.63' }, [payment('declined', 5163)]);
    expect(charge).toEqual({ total: 5163, paid: 0, pending: 0, due: 5163 });
    expect(takePaymentWords(charge)).toBe('Take payment of $51.63');
  });

  it('what is left once part of it is paid, saying of what and what is paid', () => {
    const charge = orderCharge({ total: '51.63' }, [payment('approved', 1000), payment('voided', 500)]);
    expect(charge.due).toBe(4163);
    expect(takePaymentWords(charge)).toBe('Take payment of $41.63 (of $51.63; $10.00 paid)');
  });

  it('less what is being paid meanwhile, as the service counts the balance due; never below nothing', () => {
    const charge = orderCharge({ total: '51.63' }, [payment('approved', 1000), payment('pending', 500)]);
    expect(takePaymentWords(charge)).toBe('Take payment of $36.63 (of $51.63; $10.00 paid, $5.00 being paid)');
    expect(orderCharge({ total: '5.00' }, [payment('approved', 300), payment('pending', 400)]).due).toBe(0);
  });
});
