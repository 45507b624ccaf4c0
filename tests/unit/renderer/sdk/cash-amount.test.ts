import { describe, expect, it } from 'vitest';
import {
  CASH_NOT_AN_AMOUNT,
  CASH_NOT_NEGATIVE,
  CASH_TO_THE_CENT,
  CASH_TOO_MUCH,
  readCash,
} from '../../../../renderer/sdk/widget/cash-amount';

describe('the cash received as typed', () => {
  it.each([
    ['20', 2000],
    ['20.00', 2000],
    ['20.5', 2050],
    ['$20.25', 2025],
    ['$ 20', 2000],
    ['  34.56 ', 3456],
    // On the way to an amount: the keypad's "." after 20, and ".5" typed by hand.
    ['20.', 2000],
    ['.5', 50],
    ['0', 0],
    ['.', 0],
    ['1,000', 100000],
    ['1,000,000.00', 100000000],
    ['0020', 2000],
  ])('"%s" is %i cents', (typed, cents) => {
    expect(readCash(typed)).toEqual({ kind: 'amount', cents });
  });

  it.each(['', '   ', '$'])('"%s" is nothing yet', (typed) => {
    expect(readCash(typed)).toEqual({ kind: 'empty' });
  });

  it.each([
    ['-5', CASH_NOT_NEGATIVE],
    ['-', CASH_NOT_NEGATIVE],
    ['- 5', CASH_NOT_NEGATIVE],
    ['−5', CASH_NOT_NEGATIVE],
    ['$-5.00', CASH_NOT_NEGATIVE],
    ['-0', CASH_NOT_NEGATIVE],
    ['20.255', CASH_TO_THE_CENT],
    ['.125', CASH_TO_THE_CENT],
    ['abc', CASH_NOT_AN_AMOUNT],
    ['20a', CASH_NOT_AN_AMOUNT],
    ['twenty', CASH_NOT_AN_AMOUNT],
    ['1.2.3', CASH_NOT_AN_AMOUNT],
    ['2e3', CASH_NOT_AN_AMOUNT],
    ['+5', CASH_NOT_AN_AMOUNT],
    ['1,23', CASH_NOT_AN_AMOUNT],
    ['20,00', CASH_NOT_AN_AMOUNT],
    ['1000000.01', CASH_TOO_MUCH],
    ['10000000', CASH_TOO_MUCH],
    ['99999999999999999999', CASH_TOO_MUCH],
  ])('"%s" is refused: %s', (typed, reason) => {
    expect(readCash(typed)).toEqual({ kind: 'refused', reason });
  });

  it('says each refusal in words that say why, never a code', () => {
    expect(CASH_NOT_NEGATIVE).toBe(
      "Cash received can't be negative: type the amount handed over, such as 20 or 20.00.",
    );
    expect(CASH_NOT_AN_AMOUNT).toBe('Type the cash received in dollars and cents, such as 20 or 20.00.');
    expect(CASH_TO_THE_CENT).toBe('Type the cash received to the cent, with at most two decimals, such as 20.25.');
    expect(CASH_TOO_MUCH).toBe('The cash received must be at most $1,000,000.00.');
  });
});
