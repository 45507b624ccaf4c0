import { describe, expect, it } from 'vitest';
import {
  paymentCash,
  shiftSales,
  type PaymentGroup,
  type RefundGroup,
  type SoldOrders,
} from '../../../electron/server/cash/shift-sales.js';

const group = (fields: Partial<PaymentGroup> & Pick<PaymentGroup, 'method' | 'entry' | 'status'>): PaymentGroup => ({
  count: 1,
  amount: 0,
  tip: 0,
  cashback: 0,
  tendered: 0,
  change: 0,
  ...fields,
});

// A shift: two cash sales ($30.00 tendered for $23.06, and one refunded later), one cashless ATM
// round-up ($27.06 → $30.00, $2.94 back), a $55.46 credit sale with a $5 tip, one voided cash sale.
const PAYMENTS: PaymentGroup[] = [
  group({ method: 'Cash', entry: 'cash', status: 'approved', amount: 2306, tendered: 3000, change: 694 }),
  group({ method: 'Cash', entry: 'cash', status: 'refunded', amount: 1000, tendered: 1000 }),
  group({ method: 'Cash', entry: 'cash', status: 'voided', amount: 450, tendered: 500, change: 50 }),
  group({ method: 'ATM', entry: 'pinpad', status: 'approved', amount: 2706, cashback: 294 }),
  group({ method: 'Credit', entry: 'pinpad', status: 'approved', amount: 5546, tip: 500 }),
  group({ method: 'Credit', entry: 'pinpad', status: 'declined', amount: 999 }),
];
// The refunded cash sale, handed back at this register; a card refund of an older sale.
const REFUNDS: RefundGroup[] = [
  { method: 'Cash', entry: 'cash', count: 1, amount: 1000 },
  { method: 'Debit', entry: 'pinpad', count: 2, amount: 1500 },
];
const ORDERS: SoldOrders = {
  sales: 4,
  identified: 1,
  anonymous: 3,
  discount: -250,
  rewardDollars: -500,
  taxes: [
    {
      layers: JSON.stringify([
        { name: 'State', amount: 100 },
        { name: 'Excise', amount: 200 },
      ]),
      tax: 300,
      orders: 2,
    },
    { layers: JSON.stringify([{ name: 'State', amount: 50 }]), tax: 50, orders: 1 },
    { layers: null, tax: 75, orders: 1 },
  ],
  // Two lines of one deal, one of another.
  deals: [
    { dealId: 'd1', name: 'Wednesday edibles', amountCents: 120 },
    { dealId: 'd2', name: '3 pre-rolls for $20', amountCents: 30 },
    { dealId: 'd1', name: 'Wednesday edibles', amountCents: 80 },
  ],
};

describe('the payment side of a shift’s cash', () => {
  it('counts tendered cash and change of kept cash sales, ATM cash back and cash refunds only', () => {
    expect(paymentCash(PAYMENTS, REFUNDS)).toEqual({
      cashTendered: 4000,
      changeGiven: 694,
      cashBack: 294,
      cashRefunds: 1000,
    });
  });

  it('is all zero for a shift with no payments', () => {
    expect(paymentCash([], [])).toEqual({ cashTendered: 0, changeGiven: 0, cashBack: 0, cashRefunds: 0 });
  });
});

describe('the sales side of a shift', () => {
  it('adds up sales, refunds and voids by method, in the methods’ order, with taxes by layer', () => {
    expect(shiftSales(PAYMENTS, REFUNDS, ORDERS)).toEqual({
      byMethod: [
        {
          method: 'Credit',
          count: 1,
          amount: 5546,
          tip: 500,
          cashback: 0,
          refundCount: 0,
          refunded: 0,
          voidCount: 0,
          voided: 0,
        },
        {
          method: 'Debit',
          count: 0,
          amount: 0,
          tip: 0,
          cashback: 0,
          refundCount: 2,
          refunded: 1500,
          voidCount: 0,
          voided: 0,
        },
        {
          method: 'ATM',
          count: 1,
          amount: 2706,
          tip: 0,
          cashback: 294,
          refundCount: 0,
          refunded: 0,
          voidCount: 0,
          voided: 0,
        },
        {
          method: 'Cash',
          count: 2,
          amount: 3306,
          tip: 0,
          cashback: 0,
          refundCount: 1,
          refunded: 1000,
          voidCount: 1,
          voided: 450,
        },
      ],
      sales: 4,
      customers: 4,
      taxes: [
        { name: 'Excise', amount: 400 },
        { name: 'State', amount: 250 },
        { name: 'Tax', amount: 75 },
      ],
      discounts: 250,
      dealDiscounts: [
        { name: 'Wednesday edibles', amount: 200 },
        { name: '3 pre-rolls for $20', amount: 30 },
      ],
      rewardDollars: 500,
      tips: 500,
    });
  });

  it('leaves a method with only declined payments out', () => {
    const sales = shiftSales([group({ method: 'ACH', entry: 'paylink', status: 'declined' })], [], {
      ...ORDERS,
      sales: 0,
      identified: 0,
      anonymous: 0,
      discount: 0,
      rewardDollars: 0,
      taxes: [],
      deals: [],
    });
    expect(sales.byMethod).toEqual([]);
    // No deal: no list of them.
    expect(sales).not.toHaveProperty('dealDiscounts');
    expect(sales).toMatchObject({ sales: 0, customers: 0, taxes: [], discounts: 0, rewardDollars: 0, tips: 0 });
  });
});
