import { describe, expect, it } from 'vitest';
import { DEFAULT_LOYALTY } from '../../../shared/contracts/loyalty.js';
import { programmeChangeWords } from '../../../shared/loyalty/programme-change-words.js';

// What the audit trail says of a change of a store's loyalty programme (README "Loyalty"): each
// part changed, before → after, in words; nothing when nothing changed.
describe('programmeChangeWords', () => {
  it('says each part changed, in words', () => {
    const after = {
      ...DEFAULT_LOYALTY,
      enabled: true,
      excludedTypes: ['ACCESSORY'],
      offlineSpendCents: 2_500,
      expiryMonths: 12,
      tiers: [{ name: 'Gold', minPoints: 1500, bonusPercent: 25 }],
    };
    expect(programmeChangeWords(DEFAULT_LOYALTY, after)).toBe(
      'programme off → on; points earned on every category → all but Accessories; tiers none → Gold 1,500 +25%; ' +
        'offline spend $20.00 → $25.00; points expire never → after 12 months',
    );
    expect(programmeChangeWords(after, { ...after, pointsPerRewardDollar: 50, expiryMonths: 0 })).toBe(
      'points a reward dollar 100 → 50; points expire after 12 months → never',
    );
  });

  it('says the categories that earn nothing as the ones left out, never "no points on none"', () => {
    const some = { ...DEFAULT_LOYALTY, excludedTypes: ['ACCESSORY', 'TOPICAL'] };
    expect(programmeChangeWords(some, DEFAULT_LOYALTY)).toBe(
      'points earned on all but Accessories, Topicals → every category',
    );
    expect(programmeChangeWords(DEFAULT_LOYALTY, some)).not.toMatch(/no points on none/);
  });

  it('is empty when nothing changed (expiry left out is never, as 0 is)', () => {
    expect(programmeChangeWords(DEFAULT_LOYALTY, { ...DEFAULT_LOYALTY, expiryMonths: 0 })).toBe('');
  });
});
