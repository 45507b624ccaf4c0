import { describe, expect, it } from 'vitest';
import { dealProblems } from '../../../shared/deals/deal-checks.js';
import {
  isPromoCode,
  normalCode,
  PROMO_CODE_REFUSAL,
  PROMO_CODE_TYPED,
  PROMO_CODE_TYPED_MAX,
} from '../../../shared/deals/promo-code.js';
import { deal } from './deal-fixtures.js';

// One rule of a promo code (shared/deals/promo-code.ts): the ticket API's schema and a deal's checks
// (the API, the back office's form, the command line) keep it, so a code one of them takes the other
// never refuses (the POS's field: tests/unit/renderer/pos/sale-deals.test.ts).
const typed = new RegExp(PROMO_CODE_TYPED);
const dealTakes = (code: string) => dealProblems(deal({ id: 'd', name: 'A deal', trigger: 'code', code })).length === 0;

describe('a promo code', () => {
  it('is read trimmed and in capitals', () => {
    expect(normalCode('  save10\t')).toBe('SAVE10');
    expect(normalCode(' Spring_10-b ')).toBe('SPRING_10-B');
  });

  it('is 1 to 32 letters, digits, - or _, spaces around it left out, for a ticket and a deal alike', () => {
    const kept = ['Z', '10', 'save10', ' SAVE10 ', '\tspring_10-b\n', 'S'.repeat(32), ` ${'s'.repeat(32)} `];
    const refused = ['SAVE 10', 'S'.repeat(33), 'SAVE10!', 'ÉTÉ10', '   '];
    for (const code of kept) {
      expect([code, isPromoCode(code), typed.test(code), dealTakes(code)]).toEqual([code, true, true, true]);
    }
    for (const code of refused) {
      expect([code, isPromoCode(code), typed.test(code), dealTakes(code)]).toEqual([code, false, false, false]);
    }
    // Spaces around the longest code fit in what the API and the form take as typed.
    expect(PROMO_CODE_TYPED_MAX).toBeGreaterThanOrEqual(32 + 2);
  });

  it('refused says the rule', () => {
    expect(PROMO_CODE_REFUSAL).toBe('A promo code is 1 to 32 letters, digits, - or _, without spaces inside it');
  });
});
