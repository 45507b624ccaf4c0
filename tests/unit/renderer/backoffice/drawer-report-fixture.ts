import type { DrawerReport, ShiftSales, ShiftView } from '../../../../shared/contracts/cash.js';

/** A shift of register front-1 as the service lists it; `changes` make it open, blind, over… */
export function shift(changes: Partial<ShiftView> = {}): ShiftView {
  return {
    id: 'shf_1',
    terminalId: 'front-1',
    status: 'closed',
    blind: false,
    openedBy: { id: 'u-casey', name: 'Casey Cashier' },
    openedAt: '2026-11-23T17:00:00.000Z',
    float: 20000,
    floatCount: null,
    closedBy: { id: 'u-morgan', name: 'Morgan Manager' },
    closedAt: '2026-11-24T01:30:00.000Z',
    counted: 24500,
    countedCount: null,
    expected: 25000,
    overShort: -500,
    zNumber: 3,
    ...changes,
  };
}

/** A shift's sales: $150 cash, a cashless ATM sale with cash back, a refund. */
export const SALES: ShiftSales = {
  byMethod: [
    {
      method: 'ATM',
      count: 1,
      amount: 4275,
      tip: 0,
      cashback: 725,
      refundCount: 0,
      refunded: 0,
      voidCount: 0,
      voided: 0,
    },
    {
      method: 'Cash',
      count: 3,
      amount: 15000,
      tip: 200,
      cashback: 0,
      refundCount: 1,
      refunded: 500,
      voidCount: 1,
      voided: 1234,
    },
  ],
  sales: 4,
  customers: 3,
  taxes: [
    { name: 'Cannabis excise', amount: 2310 },
    { name: 'Sales tax, state', amount: 1405 },
  ],
  discounts: 350,
  rewardDollars: 100,
  tips: 200,
};

/** The Z report of that shift: cash in and out, a safe drop and a paid-out whose reason reads like a formula. */
export function zReport(sales: ShiftSales | null = SALES): DrawerReport {
  return {
    kind: 'Z',
    shift: shift(),
    flows: {
      float: 20000,
      cashTendered: 17000,
      changeGiven: 2000,
      cashBack: 725,
      cashRefunds: 500,
      paidIn: 1000,
      paidOut: 1250,
      safeDrops: 8525,
    },
    movements: [
      {
        id: 'mv_1',
        kind: 'safe_drop',
        amount: 8525,
        reason: 'Drawer over $300, "big" bills',
        by: { id: 'u-casey', name: 'Casey Cashier' },
        approvedBy: { id: 'u-morgan', name: 'Morgan Manager' },
        at: '2026-11-23T21:05:00.000Z',
      },
      {
        id: 'mv_2',
        kind: 'paid_out',
        amount: 1250,
        reason: '=HYPERLINK("x")',
        by: { id: 'u-morgan', name: 'Morgan Manager' },
        approvedBy: { id: 'u-morgan', name: 'Morgan Manager' },
        at: '2026-11-23T22:10:00.000Z',
      },
    ],
    sales,
    generatedAt: '2026-11-24T01:30:00.000Z',
  };
}
