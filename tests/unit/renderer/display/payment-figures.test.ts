import { describe, expect, it } from 'vitest';
import { cashlessAtmWords, leftToPay } from '../../../../renderer/display/logic/payment-figures';

describe('the figures the pole display says beside the payment widget', () => {
  it('an order of $154.11 with $50.00 paid online: what is left of the total, and what was paid', () => {
    expect(leftToPay({ amount: 10411 }, { total: 15411 })).toEqual({
      left: '$104.11 left of $154.11',
      paid: '$50.00 paid',
    });
  });

  it('nothing paid yet: the widget’s amount says it all', () => {
    expect(leftToPay({ amount: 15411 }, { total: 15411 })).toBeNull();
  });

  it('a cashless ATM rounds the charge up to the next $10 and hands the difference back in cash', () => {
    expect(cashlessAtmWords(10411)).toBe(
      'Cashless ATM: your card is charged $110.00, rounded up to the next $10. You get $5.89 back in cash.',
    );
    expect(cashlessAtmWords(12000)).toBe('Cashless ATM: your card is charged $120.00.');
  });
});
