import { describe, expect, it } from 'vitest';
import {
  paymentCash,
  shiftSales,
  towardOpen,
  type PaymentGroup,
  type ShiftApart,
  type ShiftApartPayment,
  type ShiftRefund,
  type SoldOrders,
} from '../../../electron/server/cash/shift-sales.js';
import type { RefundParts } from '../../../electron/server/reports/refund-parts.js';
import type { RefundRow } from '../../../electron/server/reports/report-rows.js';

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
const refund = (method: string, entry: string, amount: number): ShiftRefund => ({
  dispensaryId: 'store',
  method,
  entry,
  amount,
  orderId: null,
  at: '2026-11-23T20:00:00.000Z',
  saleAt: '2026-11-23T19:00:00.000Z',
  paid: amount,
  refundedEarlier: 0,
  closedAt: null,
});
// The refunded cash sale, handed back at this register; two card refunds of older sales.
const REFUNDS: ShiftRefund[] = [
  refund('Cash', 'cash', 1000),
  refund('Debit', 'pinpad', 1000),
  refund('Debit', 'pinpad', 500),
];
// $10.00 paid toward an order the shift did not complete; $3.00 of its sales paid in an earlier shift.
const APART: ShiftApart = { paidTowardOpenCents: 1000, paidWithoutOrderCents: 0, paidEarlierCents: 300 };
const NOTHING_APART: ShiftApart = { paidTowardOpenCents: 0, paidWithoutOrderCents: 0, paidEarlierCents: 0 };
const ORDERS: SoldOrders = {
  sales: 4,
  identified: 1,
  anonymous: 3,
  gross: 10933,
  tax: 725,
  delivery: 0,
  discount: -300,
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
  // Two lines of one deal, one of another, and a discount given by hand.
  deals: [
    { dealId: 'd1', name: 'Wednesday edibles', amountCents: 120 },
    { dealId: 'd2', name: '3 pre-rolls for $20', amountCents: 30 },
    { dealId: 'manual', name: 'Manual discount', amountCents: 40 },
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
    expect(shiftSales(PAYMENTS, REFUNDS, ORDERS, APART)).toEqual({
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
      discounts: 300,
      // The deals by name; the discount given by hand is not a deal.
      dealDiscounts: [
        { name: 'Wednesday edibles', amount: 200 },
        { name: '3 pre-rolls for $20', amount: 30 },
      ],
      rewardDollars: 500,
      tips: 500,
      summary: {
        gross: 10933,
        discounts: 300,
        dealDiscounts: 230,
        manualDiscounts: 40,
        otherDiscounts: 30,
        returns: 2500,
        net: 8133,
        tax: 725,
        taxRefunded: 0,
        delivery: 0,
        rewardDollars: 500,
        rewardDollarsBack: 0,
        paidTowardOpen: 1000,
        paidWithoutOrder: 0,
        paidEarlier: 300,
        tipsRefunded: 0,
        taken: 9058,
      },
    });
  });

  // The card refunds split as the reports split them (refund-parts.ts): $10.00 a return with $1.00 of
  // tax; $5.00 handed back of a payment toward an order not sold yet, $0.50 of it a tip. The cash
  // refund has no parts: all of it a return.
  const part = (fields: Partial<RefundParts>): RefundParts => ({
    tipCents: 0,
    openCents: 0,
    returnCents: 0,
    rewardCents: 0,
    taxCents: 0,
    lines: [],
    ...fields,
  });
  const PARTS = new Map<RefundRow, RefundParts>([
    [REFUNDS[1]!, part({ returnCents: 900, taxCents: 100 })],
    [REFUNDS[2]!, part({ tipCents: 50, openCents: 450 })],
  ]);

  it.each([
    ['every refund a return', undefined],
    ['returns before tax, a tip and money of no sale', PARTS],
  ])(
    'adds up: gross − discounts − returns = net, and net + tax − tax refunded … = taken + tips refunded (%s)',
    (_case, parts) => {
      const { summary, byMethod } = shiftSales(PAYMENTS, REFUNDS, ORDERS, APART, parts);
      const s = summary!;
      expect(s.gross - s.discounts - s.returns).toBe(s.net);
      expect(s.dealDiscounts + s.manualDiscounts + s.otherDiscounts).toBe(s.discounts);
      const paid = byMethod.reduce((sum, method) => sum + method.amount - method.refunded, 0);
      expect(
        s.net +
          s.tax -
          s.taxRefunded +
          s.delivery -
          s.rewardDollars +
          s.paidTowardOpen +
          s.paidWithoutOrder -
          s.paidEarlier,
      ).toBe(s.taken + s.tipsRefunded);
      expect(s.taken).toBe(paid);
    },
  );

  it('counts a refund as the store’s reports do: its return before tax, its tax, its tip, money of no sale', () => {
    const { summary } = shiftSales(PAYMENTS, REFUNDS, ORDERS, APART, PARTS);
    expect(summary).toMatchObject({
      returns: 1000 + 900,
      net: 10933 - 300 - 1900,
      taxRefunded: 100,
      tipsRefunded: 50,
      paidTowardOpen: 1000 - 450,
      // What was taken is the payments less every refund, however it is split.
      taken: 9058,
    });
  });

  it('counts a payment with no order apart, so the payments still add up against the sales', () => {
    const withoutOrder = group({ method: 'Credit', entry: 'keyed', status: 'approved', amount: 1234 });
    const { summary } = shiftSales([...PAYMENTS, withoutOrder], REFUNDS, ORDERS, {
      ...APART,
      paidWithoutOrderCents: 1234,
    });
    expect(summary).toMatchObject({ net: 8133, paidWithoutOrder: 1234, taken: 9058 + 1234 });
  });

  it('leaves a method with only declined payments out', () => {
    const sales = shiftSales(
      [group({ method: 'ACH', entry: 'paylink', status: 'declined' })],
      [],
      {
        ...ORDERS,
        sales: 0,
        identified: 0,
        anonymous: 0,
        gross: 0,
        tax: 0,
        discount: 0,
        rewardDollars: 0,
        taxes: [],
        deals: [],
      },
      NOTHING_APART,
    );
    expect(sales.byMethod).toEqual([]);
    // No deal: no list of them.
    expect(sales).not.toHaveProperty('dealDiscounts');
    expect(sales).toMatchObject({ sales: 0, customers: 0, taxes: [], discounts: 0, rewardDollars: 0, tips: 0 });
    expect(sales.summary).toMatchObject({ gross: 0, net: 0, taken: 0 });
  });
});

describe('towardOpen', () => {
  const at = (minute: number) => `2026-11-12T17:${String(minute).padStart(2, '0')}:00.000Z`;
  const payment = (over: Partial<ShiftApartPayment>): ShiftApartPayment => ({
    amount: 1000,
    paidAt: at(0),
    closedAt: at(20),
    closedIn: 'shift-1',
    refundedBefore: 0,
    ...over,
  });

  it('counts a payment whole while its order is open, or closed in another shift', () => {
    expect(towardOpen('shift-1', [payment({ closedAt: null, closedIn: null })])).toBe(1000);
    expect(towardOpen('shift-1', [payment({ closedIn: 'shift-2' })])).toBe(1000);
  });

  it('counts of a payment its order then closed in the shift only what was handed back before', () => {
    expect(towardOpen('shift-1', [payment({ refundedBefore: 1000 })])).toBe(1000);
    expect(towardOpen('shift-1', [payment({ refundedBefore: 250 })])).toBe(250);
    expect(towardOpen('shift-1', [payment({})])).toBe(0);
  });

  it('counts a payment made after its order closed (reopened, not paid again) whole', () => {
    expect(towardOpen('shift-1', [payment({ paidAt: at(30) })])).toBe(1000);
  });
});
