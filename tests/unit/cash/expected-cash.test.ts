import { describe, expect, it } from 'vitest';
import {
  countTotal,
  CountError,
  expectedCash,
  overShort,
  type CashFlows,
  type DenominationCount,
} from '../../../shared/cash/expected-cash.js';

const NONE: CashFlows = {
  float: 0,
  cashTendered: 0,
  changeGiven: 0,
  cashBack: 0,
  cashRefunds: 0,
  paidIn: 0,
  paidOut: 0,
  safeDrops: 0,
};

describe('expected cash', () => {
  it.each<[string, Partial<CashFlows>, number]>([
    ['an untouched float', { float: 20000 }, 20000],
    // $45.37 due, $50.00 handed over, $4.63 change: the drawer gains exactly $45.37.
    ['a cash sale with change', { float: 20000, cashTendered: 5000, changeGiven: 463 }, 24537],
    // A $33.10 cashless ATM payment rounds up to $40.00: $6.90 comes out of the drawer.
    ['an ATM round-up with cash back', { float: 20000, cashBack: 690 }, 19310],
    ['a cash refund', { float: 20000, cashTendered: 2000, cashRefunds: 1299 }, 20701],
    ['paid-in, paid-out and a safe drop', { float: 10000, paidIn: 2500, paidOut: 1875, safeDrops: 5000 }, 5625],
    [
      'a whole shift',
      {
        float: 15000,
        cashTendered: 84000,
        changeGiven: 6137,
        cashBack: 2310,
        cashRefunds: 1550,
        paidIn: 1000,
        paidOut: 499,
        safeDrops: 50000,
      },
      // 15000 + 84000 − 6137 − 2310 − 1550 + 1000 − 499 − 50000
      39504,
    ],
    ['more out than in (a drawer that must be short)', { float: 1000, safeDrops: 1500 }, -500],
  ])('%s', (_name, flows, expected) => {
    expect(expectedCash({ ...NONE, ...flows })).toBe(expected);
  });

  it.each<[keyof CashFlows, number]>([
    ['cashTendered', 12.5],
    ['safeDrops', -100],
    ['float', Number.NaN],
  ])('refuses %s = %d (not whole, non-negative cents)', (field, value) => {
    expect(() => expectedCash({ ...NONE, [field]: value })).toThrow(`${field} must be a whole, non-negative`);
  });

  it.each([
    [19500, 20000, -500],
    [20000, 20000, 0],
    [20001, 20000, 1],
  ])('counted %i against expected %i is over/short %i', (counted, expected, result) => {
    expect(overShort(counted, expected)).toBe(result);
  });
});

describe('denomination counts', () => {
  it.each<[string, DenominationCount, number]>([
    ['nothing', {}, 0],
    ['one of every bill', { bill100: 1, bill50: 1, bill20: 1, bill10: 1, bill5: 1, bill2: 1, bill1: 1 }, 18800],
    ['one of every coin', { coin100: 1, coin50: 1, coin25: 1, coin10: 1, coin5: 1, coin1: 1 }, 191],
    ['a $200.00 float', { bill20: 5, bill10: 5, bill5: 6, bill1: 10, coin25: 40 }, 20000],
    ['$153.87 to the cent', { bill100: 1, bill50: 1, bill1: 3, coin50: 1, coin25: 1, coin10: 1, coin1: 2 }, 15387],
    ['zero pieces', { bill20: 0, coin1: 0 }, 0],
  ])('%s', (_name, count, cents) => {
    expect(countTotal(count)).toBe(cents);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative count', { bill20: -1 }, 'bill20 ($20 bills) cannot be negative'],
    ['a fraction', { coin25: 2.5 }, 'coin25 (quarters) must be a whole number of pieces'],
    ['a text count', { bill5: '3' }, 'bill5 ($5 bills) must be a whole number of pieces'],
    ['an unknown denomination', { bill3: 1 }, 'bill3 is not a US bill or coin this register counts'],
    ['an absurd count', { coin1: 100_001 }, 'coin1 (pennies) must be at most 100000 pieces'],
  ])('refuses %s with a clear message', (_name, count, message) => {
    expect(() => countTotal(count as DenominationCount)).toThrow(CountError);
    expect(() => countTotal(count as DenominationCount)).toThrow(message);
  });
});
