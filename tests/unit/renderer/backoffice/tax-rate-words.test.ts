import { describe, expect, it } from 'vitest';
import { taxRateProblem } from '../../../../renderer/backoffice/logic/tax-rate-words.js';

describe('why the Taxes screen refuses a rate', () => {
  it('takes a percentage from 0 to 100 with up to four decimals', () => {
    for (const rate of ['7.25', '15', ' 4.81 ', '0', '100', '5.3125']) expect(taxRateProblem(rate)).toBeUndefined();
  });

  it('says a rate over 100, below 0 or in letters is a percentage from 0 to 100', () => {
    for (const rate of ['150', '100.5', '-2', 'abc', '', '7,25']) {
      expect(taxRateProblem(rate)).toBe('The rate is a percentage from 0 to 100, such as 7.25.');
    }
  });

  it('says a rate with five decimals or more has too many, not that it is out of range', () => {
    expect(taxRateProblem('7.123456')).toBe('The rate has at most 4 decimals, such as 7.25 or 5.3125.');
    expect(taxRateProblem('4.81005')).toBe('The rate has at most 4 decimals, such as 7.25 or 5.3125.');
  });
});
