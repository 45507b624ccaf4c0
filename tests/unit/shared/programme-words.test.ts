import { describe, expect, it } from 'vitest';
import { DEFAULT_LOYALTY } from '../../../shared/contracts/loyalty.js';
import { pointWorthWords, programmeWords } from '../../../shared/loyalty/loyalty-words.js';

// The command line's words of a programme (`servicepay loyalty set`, `stores show`) say what a point
// is worth as the back office's programme form does: "1¢", never "$0.01" (README "Loyalty").
describe('a loyalty programme in the command line’s words', () => {
  const programme = (pointsPerRewardDollar: number) =>
    programmeWords({ ...DEFAULT_LOYALTY, enabled: true, pointsPerDollar: 1, pointsPerRewardDollar });

  it('says what a point is worth in the back office’s words, even where it is a part of a cent', () => {
    expect(programme(100)).toMatch(
      /^Loyalty: 1 point a dollar; 100 points make a reward dollar \(a point is worth 1¢\)\.$/m,
    );
    expect(programme(250)).toMatch(/; 250 points make a reward dollar \(a point is worth 0\.4¢\)\.$/m);
    expect(programme(3)).toMatch(/; 3 points make a reward dollar \(a point is worth about 33\.33¢\)\.$/m);
    expect(programme(1)).toMatch(/; 1 point makes a reward dollar \(a point is worth \$1\.00\)\.$/m);
    expect(programme(10_000)).toMatch(/; 10,000 points make a reward dollar \(a point is worth 0\.01¢\)\.$/m);
    expect(pointWorthWords(100)).toBe('a point is worth 1¢');
  });

  it('names its tiers’ thresholds as points are written everywhere, with thousands separated', () => {
    const tiers = [
      { name: 'Silver', minPoints: 500, bonusPercent: 10 },
      { name: 'Gold', minPoints: 1500, bonusPercent: 25 },
    ];
    const words = programmeWords({ ...DEFAULT_LOYALTY, enabled: true, tiers });
    expect(words).toMatch(/^Tiers: Silver from 500 points, \+10%; Gold from 1,500 points, \+25%\. /m);
  });
});
