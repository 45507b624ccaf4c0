import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOYALTY, type LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import {
  keptOf,
  nextTierOf,
  pointsEarned,
  pointsForReward,
  programmeProblems,
  rewardAskedWords,
  rewardCentsOf,
  shortBalanceWords,
  takenAll,
  tierOf,
  tierProblems,
} from '../../../shared/loyalty/points.js';

const programme: LoyaltyProgramme = {
  ...DEFAULT_LOYALTY,
  enabled: true,
  pointsPerDollar: 2,
  excludedTypes: ['ACCESSORY'],
  tiers: [
    { name: 'Gold', minPoints: 1000, bonusPercent: 50 },
    { name: 'Silver', minPoints: 200, bonusPercent: 10 },
  ],
};

describe('points earned', () => {
  it('counts whole dollars of the lines that earn, after the reward dollars, times the tier bonus', () => {
    const lines = [
      { type: 'FLOWER', amountCents: 4599 },
      { type: 'ACCESSORY', amountCents: 2000 },
      { type: 'EDIBLE', amountCents: 1001 },
    ];
    expect(pointsEarned(programme, lines, 0, null)).toBe(Math.floor(5600 / 100) * 2);
    expect(pointsEarned(programme, lines, 600, null)).toBe(50 * 2);
    expect(pointsEarned(programme, lines, 0, programme.tiers[0]!)).toBe(Math.floor(112 * 1.5));
    expect(pointsEarned({ ...programme, enabled: false }, lines, 0, null)).toBe(0);
    expect(pointsEarned(programme, lines, 1_000_000, null)).toBe(0);
  });

  it('is never negative and never more than the tier-raised points of the whole cart', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ type: fc.constantFrom('FLOWER', 'ACCESSORY'), amountCents: fc.nat(100_000) })),
        fc.nat(1_000_000),
        fc.nat(500),
        (lines, reward, bonus) => {
          const tier = { name: 'T', minPoints: 0, bonusPercent: bonus };
          const earned = pointsEarned(programme, lines, reward, tier);
          const all = lines.reduce((sum, line) => sum + line.amountCents, 0);
          expect(earned).toBeGreaterThanOrEqual(0);
          expect(earned).toBeLessThanOrEqual(Math.floor(((all / 100) * 2 * (100 + bonus)) / 100));
        },
      ),
    );
  });
});

describe('tiers', () => {
  it('reaches the highest tier met, whatever the order they were written in, and says the next', () => {
    expect(tierOf(programme, 199)).toBeNull();
    expect(tierOf(programme, 200)?.name).toBe('Silver');
    expect(tierOf(programme, 5000)?.name).toBe('Gold');
    expect(nextTierOf(programme, 150)).toEqual({ name: 'Silver', pointsToGo: 50 });
    expect(nextTierOf(programme, 999)).toEqual({ name: 'Gold', pointsToGo: 1 });
    expect(nextTierOf(programme, 1000)).toBeNull();
  });
});

describe('reward dollars', () => {
  it('a part of a point costs a whole one; points are worth what they buy, rounded down', () => {
    const dear = { ...programme, pointsPerRewardDollar: 10 };
    expect(pointsForReward(programme, 250)).toBe(250);
    expect(pointsForReward(dear, 5)).toBe(1);
    expect(rewardCentsOf(dear, 7)).toBe(70);
    expect(rewardCentsOf({ ...programme, pointsPerRewardDollar: 300 }, 100)).toBe(33);
  });

  it('never sells for less than it buys back: rewardCentsOf(pointsForReward(c)) ≥ c', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.nat(1_000_000), (rate, cents) => {
        const p = { ...programme, pointsPerRewardDollar: rate };
        expect(rewardCentsOf(p, pointsForReward(p, cents))).toBeGreaterThanOrEqual(cents);
      }),
    );
  });

  it('says a short balance in words that follow the field they are about, with the points asked', () => {
    expect(shortBalanceWords(programme, 'Maria', 1420, takenAll(2000))).toBe(
      'of $20.00 need 2,000 points; Maria has 1,420 points ($14.20 in reward dollars)',
    );
    expect(shortBalanceWords(programme, 'Sam', 1, takenAll(1))).toBe(
      'of $0.01 need 1 point; Sam has 1 point ($0.01 in reward dollars)',
    );
    // A part of a point costs a whole one: $1.01 at 150 points a reward dollar is 151.5, so 152.
    const dear = { ...programme, pointsPerRewardDollar: 150 };
    expect(shortBalanceWords(dear, 'Sam', 151, takenAll(101))).toBe(
      'of $1.01 need 152 points; Sam has 151 points ($1.00 in reward dollars)',
    );
  });

  it('names the reward dollars asked when the sale takes fewer, and the points what it takes', () => {
    // $50.00 asked of a $26.00 sale: the points pay $26.00 of them.
    expect(shortBalanceWords(programme, 'Maria', 50, { asked: 5000, takes: 2600 })).toBe(
      'of $50.00 (this sale takes $26.00 of them) need 2,600 points; Maria has 50 points ($0.50 in reward dollars)',
    );
    expect(rewardAskedWords({ asked: 123_456, takes: 100 })).toBe('$1,234.56 (this sale takes $1.00 of them)');
    expect(rewardAskedWords({ asked: 2600, takes: 2600 })).toBe('$26.00');
  });
});

describe('what a refund keeps', () => {
  it('keeps the share not returned, without losing a point to float noise', () => {
    expect(keptOf(100, 0.5, 'down')).toBe(50);
    expect(keptOf(3, 0.5, 'down')).toBe(1);
    expect(keptOf(3, 0.5, 'up')).toBe(2);
    expect(keptOf(10, 0.7, 'down')).toBe(3);
    expect(keptOf(10, 1, 'up')).toBe(0);
    expect(keptOf(10, 0, 'down')).toBe(10);
  });
});

describe('programme problems', () => {
  it('refuses two tiers at one minimum or with one name, in words', () => {
    expect(programmeProblems(programme)).toEqual([]);
    const twice = { ...programme, tiers: [...programme.tiers, { name: 'gold', minPoints: 1000, bonusPercent: 0 }] };
    expect(programmeProblems(twice)).toEqual(['two tiers are named "gold"', 'two tiers start at 1000 points']);
    expect(programmeProblems({ ...programme, pointsPerDollar: 0 })).toEqual([
      'a programme earning 0 points per dollar never reaches a tier',
    ]);
  });
});

describe('what a programme problem is about', () => {
  it('names the field and the rows: the points two tiers start at, a name twice or missing, the points per dollar', () => {
    const tiers = [
      { name: 'Silver', minPoints: 500, bonusPercent: 10 },
      { name: 'Gold', minPoints: 500, bonusPercent: 25 },
    ];
    expect(tierProblems({ ...programme, tiers })).toEqual([
      { words: 'two tiers start at 500 points', field: 'minPoints', rows: [0, 1] },
    ]);
    const named = [
      ...programme.tiers,
      { name: ' gold ', minPoints: 3000, bonusPercent: 0 },
      { ...tiers[0]!, name: '' },
    ];
    expect(tierProblems({ ...programme, tiers: named })).toEqual([
      { words: 'two tiers are named "gold"', field: 'name', rows: [0, 2] },
      { words: 'every tier needs a name', field: 'name', rows: [3] },
    ]);
    expect(tierProblems({ ...programme, pointsPerDollar: 0 })).toEqual([
      { words: 'a programme earning 0 points per dollar never reaches a tier', field: 'pointsPerDollar', rows: [] },
    ]);
    // The words are the service's refusal's (programmeProblems), in the same order.
    const twice = { ...programme, tiers: [...programme.tiers, { name: 'gold', minPoints: 1000, bonusPercent: 0 }] };
    expect(tierProblems(twice).map((problem) => problem.words)).toEqual(programmeProblems(twice));
  });
});
