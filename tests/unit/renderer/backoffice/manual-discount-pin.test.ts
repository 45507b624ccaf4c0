import { describe, expect, it } from 'vitest';
import {
  discountPinAbove,
  discountPinChoice,
  discountPinWords,
} from '../../../../renderer/backoffice/logic/manual-discount-pin.js';

describe("the store's PIN policy for manual discounts, as the store settings form edits it", () => {
  it('reads the stored setting: null never, 0 always, N above N % of the sale', () => {
    expect(discountPinChoice(null)).toEqual({ policy: 'never', percent: null });
    expect(discountPinChoice(undefined)).toEqual({ policy: 'never', percent: null });
    expect(discountPinChoice(0)).toEqual({ policy: 'always', percent: null });
    expect(discountPinChoice(10)).toEqual({ policy: 'above', percent: 10 });
  });

  it('saves each choice as the setting, and each stored setting comes back as it was', () => {
    expect(discountPinAbove({ policy: 'never', percent: 15 })).toEqual({ ok: true, value: null });
    expect(discountPinAbove({ policy: 'always', percent: null })).toEqual({ ok: true, value: 0 });
    expect(discountPinAbove({ policy: 'above', percent: 15 })).toEqual({ ok: true, value: 15 });
    for (const stored of [null, 0, 1, 10, 99]) {
      expect(discountPinAbove(discountPinChoice(stored))).toEqual({ ok: true, value: stored });
    }
  });

  it('refuses "above" without a whole percent of 1 to 99, saying so', () => {
    const sentence = 'Manual discounts above: enter a whole percent of the sale, 1 to 99.';
    for (const percent of [null, 0, 100, 12.5]) {
      expect(discountPinAbove({ policy: 'above', percent })).toEqual({ ok: false, sentence });
    }
  });

  it('says what each choice does', () => {
    expect(discountPinWords({ policy: 'never', percent: null })).toBe(
      'Cashiers give manual discounts without a manager; each keeps its reason and who gave it.',
    );
    expect(discountPinWords({ policy: 'always', percent: null })).toBe(
      "Every manual discount a cashier gives needs a manager's PIN at the register, and so do reward dollars typed there while the loyalty programme is off.",
    );
    expect(discountPinWords({ policy: 'above', percent: 10 })).toBe(
      "A cashier's manual discounts taking more than 10 % off a sale (together, after deals, with reward dollars typed at the register while the loyalty programme is off) need a manager's PIN at the register.",
    );
    expect(discountPinWords({ policy: 'above', percent: null })).toBe(
      'Enter the percent of the sale above which a manager approves.',
    );
  });
});
