import { describe, expect, it } from 'vitest';
import type { CustomerLoyalty } from '../../../../shared/contracts/loyalty.js';
import {
  balanceWords,
  checkAdjustment,
  ENTRY_KIND_WORDS,
  entryByWords,
  expiryLine,
  newTier,
  pointWorthWords,
  programmeWords,
  signedPoints,
  standingWords,
} from '../../../../renderer/backoffice/logic/loyalty-words.js';

const GOLD = { name: 'Gold', minPoints: 500, bonusPercent: 25 };
const standing = (fields: Partial<CustomerLoyalty>) =>
  standingWords({ tier: null, nextTier: null, lifetimePoints: 0, ...fields });

describe('loyalty in words', () => {
  it('says what a point is worth, exactly where it comes out even and roughly where not', () => {
    expect(pointWorthWords(100)).toBe('a point is worth 1¢');
    expect(pointWorthWords(50)).toBe('a point is worth 2¢');
    expect(pointWorthWords(200)).toBe('a point is worth 0.5¢');
    expect(pointWorthWords(3)).toBe('a point is worth about 33.33¢');
    expect(pointWorthWords(1)).toBe('a point is worth $1.00');
    expect(pointWorthWords(10_000)).toBe('a point is worth 0.01¢');
    expect(programmeWords(1, 100)).toBe(
      'A customer earns 1 point per dollar paid; 100 points buy a reward dollar: a point is worth 1¢.',
    );
    expect(programmeWords(0, 1)).toBe('Sales earn no points; 1 point buys a reward dollar: a point is worth $1.00.');
  });

  it('says the balance, the tier and the next one, and the ledger kinds, points signed', () => {
    expect(balanceWords({ points: 1250, rewardCents: 1250 })).toBe('1,250 points, worth $12.50 in reward dollars');
    expect(standing({ nextTier: { name: 'Gold', pointsToGo: 500 } })).toBe(
      'No tier yet; Gold after another 500 points earned from sales. Earned from sales in all: 0 points.',
    );
    expect(standing({ tier: GOLD, lifetimePoints: 501 })).toBe(
      'Gold: 25% more points (the top tier). Earned from sales in all: 501 points.',
    );
    expect(standing({})).toBe('No tier yet. Earned from sales in all: 0 points.');
    expect(signedPoints(250)).toBe('+250');
    expect(signedPoints(-1000)).toBe('\u22121,000');
    expect(Object.values(ENTRY_KIND_WORDS)).toEqual([
      'Earned',
      'Taken back',
      'Spent',
      'Given back',
      'Adjusted',
      'Expired',
    ]);
  });

  it('starts a new tier above the highest, so two never start at the same points', () => {
    expect(newTier([])).toEqual({ name: '', minPoints: 0, bonusPercent: 0 });
    expect(newTier([GOLD, { ...GOLD, name: 'Silver', minPoints: 100 }]).minPoints).toBe(1000);
  });

  it('checks an adjustment before it is sent: whole signed points, not 0, and a reason', () => {
    expect(checkAdjustment('250', ' Welcome bonus ')).toEqual({
      ok: true,
      body: { points: 250, reason: 'Welcome bonus' },
    });
    expect(checkAdjustment('\u22121,000', 'Typo')).toMatchObject({ ok: true, body: { points: -1000 } });
    expect(checkAdjustment('+5', 'x')).toMatchObject({ ok: true, body: { points: 5 } });
    expect(checkAdjustment('', 'x')).toMatchObject({ ok: false, field: 'points' });
    expect(checkAdjustment('2.5', 'x')).toMatchObject({ ok: false, field: 'points', sentence: /whole number/ });
    // A comma that separates no thousands is never dropped: "1,5" is not read as 15 points.
    expect(checkAdjustment('1,5', 'x')).toMatchObject({
      ok: false,
      field: 'points',
      sentence: /^Points "1,5" could mean 1\.5 or 15: /,
    });
    expect(checkAdjustment('12,000', 'x')).toMatchObject({ ok: true, body: { points: 12000 } });
    expect(checkAdjustment('0', 'x')).toMatchObject({ ok: false, field: 'points', sentence: /at least one point/ });
    expect(checkAdjustment('2000000', 'x')).toMatchObject({ ok: false, field: 'points' });
    expect(checkAdjustment('10', '   ')).toMatchObject({ ok: false, field: 'reason', sentence: /say why/ });
  });
});

describe('points expiry in words', () => {
  it('says the date the balance expires on, and names the service where it expired them', () => {
    expect(expiryLine({ expiresAt: '2027-01-03' })).toBe(
      'The balance expires Jan 3, 2027 unless they earn or spend points before then.',
    );
    expect(expiryLine({ expiresAt: null })).toBe('');
    expect(ENTRY_KIND_WORDS.expired).toBe('Expired');
    expect(entryByWords({ by: 'system', byName: null })).toBe('ServicePay (automatic)');
  });

  it('names who moved the points by their display name, else by the username the ledger kept', () => {
    expect(entryByWords({ by: 'manager', byName: 'Morgan Manager' })).toBe('Morgan Manager');
    expect(entryByWords({ by: 'manager', byName: null })).toBe('manager');
    expect(entryByWords({ by: 'operator', byName: null })).toBe('Operator (servicepay command)');
  });
});
