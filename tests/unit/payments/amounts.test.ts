import { describe, expect, it } from 'vitest';
import { allocate, roundUpAtm } from '../../../electron/server/payments/pay/amounts.js';
import { settledStatus } from '../../../electron/server/payments/pay/settlement.js';

const balance = (remainingAmount: number, remainingTip = 0) => ({ remainingAmount, remainingTip });

describe('roundUpAtm', () => {
  it.each([
    [1, 1000],
    [4237, 5000],
    [5000, 5000],
    [5001, 6000],
    [99_999, 100_000],
  ])('%i cents → %i', (cents, charged) => expect(roundUpAtm(cents)).toBe(charged));
});

describe('allocate', () => {
  it('takes what is left by default, with the tip on the closing payment', () => {
    expect(allocate('Credit', balance(4237, 300), {})).toEqual({
      amount: 4237,
      tip: 300,
      cashback: 0,
      charged: 4537,
      tendered: null,
      change: 0,
    });
  });

  it('carries no tip on a partial payment', () => {
    expect(allocate('Credit', balance(4237, 300), { amount: 2000 })).toMatchObject({
      amount: 2000,
      tip: 0,
      charged: 2000,
    });
  });

  it('rounds a cashless ATM charge up to the next $10 and gives the excess back as cashback', () => {
    expect(allocate('ATM', balance(4237, 0), {})).toEqual({
      amount: 4237,
      tip: 0,
      cashback: 763,
      charged: 5000,
      tendered: null,
      change: 0,
    });
    expect(allocate('ATM', balance(4000, 0), {})).toMatchObject({ cashback: 0, charged: 4000 });
  });

  it('gives change for cash and keeps a short tender as a partial payment', () => {
    expect(allocate('Cash', balance(4237, 0), { tenderedAmount: 5000 })).toEqual({
      amount: 4237,
      tip: 0,
      cashback: 0,
      charged: 4237,
      tendered: 5000,
      change: 763,
    });
    expect(allocate('Cash', balance(4237, 0), { tenderedAmount: 2000 })).toEqual({
      amount: 2000,
      tip: 0,
      cashback: 0,
      charged: 2000,
      tendered: 2000,
      change: 0,
    });
    // Between the order's share and the share plus tip: the order first, the rest as tip.
    expect(allocate('Cash', balance(1000, 200), { tenderedAmount: 1100 })).toMatchObject({
      amount: 1000,
      tip: 100,
      change: 0,
    });
  });

  it.each([
    ['Credit', { amount: 5000 }, 'amount must be at most 4237 cents (what is left to pay in this session)'],
    ['Cash', {}, 'tenderedAmount is required for Cash: the cents handed over'],
    ['Debit', { tenderedAmount: 100 }, 'tenderedAmount is only for Cash payments'],
  ] as const)('%s %j is refused: %s', (method, request, message) => {
    expect(() => allocate(method, balance(4237), request)).toThrow(message);
  });
});

describe('settledStatus', () => {
  const totals = (approvedAmount: number, uncaptured = 0) => ({
    approvedAmount,
    approvedTip: 0,
    pendingAmount: 0,
    pendingTip: 0,
    uncaptured,
    uncapturedAmount: uncaptured > 0 ? approvedAmount : 0,
  });
  it('is PAID when captured payments cover the total, AUTHORIZED with an uncaptured authorization, else null', () => {
    expect(settledStatus(4237, totals(4237))).toBe('PAID');
    expect(settledStatus(4237, totals(4237, 1))).toBe('AUTHORIZED');
    expect(settledStatus(4237, totals(4236))).toBeNull();
  });
});
