import { describe, expect, it } from 'vitest';
import type { CustomerLoyalty, LoyaltyEntry } from '../../../../shared/contracts/loyalty.js';
import { ApiError } from '../../../../renderer/common/http.js';
import {
  balanceWords,
  earnedOn,
  earnedWords,
  expiryNote,
  firstNameOf,
  needsCustomer,
  orderRewardPoints,
  rewardCapWords,
  rewardRefusal,
  tierParts,
  tierWords,
  usableRewardCents,
  usesWords,
} from '../../../../renderer/pos/logic/customer-points.js';
import { pointsLeft, pointsLeftWords } from '../../../../shared/loyalty/loyalty-words.js';

const entry = (fields: Partial<LoyaltyEntry>): LoyaltyEntry => ({
  id: 'e1',
  at: '2026-11-30T15:00:00.000Z',
  kind: 'earned',
  points: 92,
  orderId: 'order-1',
  orderNumber: 'AB23CD',
  note: 'Order AB23CD paid',
  by: 'ServicePay',
  byName: null,
  ...fields,
});

const loyalty = (fields: Partial<CustomerLoyalty> = {}): CustomerLoyalty => ({
  enabled: true,
  points: 1420,
  rewardCents: 1420,
  offlineSpendCents: 2000,
  lifetimePoints: 2920,
  tier: { name: 'Gold', minPoints: 2500, bonusPercent: 25 },
  nextTier: { name: 'Platinum', pointsToGo: 80 },
  expiresAt: null,
  entries: [],
  more: false,
  nextCursor: null,
  ...fields,
});

describe('customer points in words', () => {
  it('says the balance with what it is worth, and the tier with the next one', () => {
    expect(balanceWords(loyalty())).toBe('1,420 points ($14.20)');
    expect(balanceWords(loyalty({ points: 1, rewardCents: 0 }))).toBe('1 point ($0.00)');
    expect(tierWords(loyalty())).toBe('Gold — 80 points to Platinum');
    expect(tierWords(loyalty({ nextTier: null }))).toBe('Gold');
    expect(tierWords(loyalty({ tier: null, nextTier: { name: 'Silver', pointsToGo: 1 } }))).toBe('1 point to Silver');
    expect(tierWords(loyalty({ tier: null, nextTier: null }))).toBe('');
  });

  it("splits the tier's name from the points to the next, so a short row still names the tier", () => {
    expect(tierParts(loyalty())).toEqual({ name: 'Gold', next: '80 points to Platinum' });
    expect(tierParts(loyalty({ nextTier: null }))).toEqual({ name: 'Gold', next: '' });
    expect(tierParts(loyalty({ tier: null }))).toEqual({ name: '', next: '80 points to Platinum' });
  });

  it('says when the balance expires, or nothing when it never does', () => {
    expect(expiryNote(loyalty({ expiresAt: '2027-01-03' }))).toBe('expires Jan 3, 2027');
    expect(expiryNote(loyalty())).toBe('');
  });

  it('keeps only a first name', () => {
    expect(firstNameOf('  Maria Elena ')).toBe('Maria');
    expect(firstNameOf('')).toBe('');
  });

  it('says what a paid sale earned, from its own entries, and the new balance', () => {
    const after = loyalty({
      points: 1512,
      entries: [
        entry({}),
        entry({ id: 'e0', kind: 'spent', points: -500 }),
        entry({ id: 'e2', orderId: 'order-0', points: 40 }),
      ],
    });
    expect(earnedWords('Maria Garcia', after, 'order-1')).toBe('Maria earned 92 points · balance 1,512');
    expect(earnedWords('', loyalty({ points: 0 }), 'order-1')).toBe(
      'The customer earned no points on this sale · balance 0',
    );
  });
});

describe('the balance the sale leaves', () => {
  it('says the points left once the reward dollars are paid, and what they use of the balance', () => {
    expect(pointsLeftWords(500, 200)).toBe('300 points left after this sale');
    expect(pointsLeftWords(1420, 1419)).toBe('1 point left after this sale');
    expect(pointsLeftWords(500, 500)).toBe('0 points left after this sale');
    expect(usesWords(1420, 1000)).toBe('uses 1,000 of 1,420');
    expect(pointsLeft(100, 150)).toBe(0);
  });

  it("adds up a paid sale's own earned entries", () => {
    const entries = [entry({}), entry({ id: 'e3', points: 8 }), entry({ id: 'e2', orderId: 'order-0', points: 40 })];
    expect(earnedOn(loyalty({ entries }), 'order-1')).toBe(100);
    expect(earnedOn(loyalty(), 'order-1')).toBe(0);
  });

  it('keeps the points of an order made short of stock: the same, or their share of fewer reward dollars', () => {
    const quoted = { payByPoints: '-5.00', rewardPoints: 750 };
    expect(orderRewardPoints(quoted, { payByPoints: '-5.00' })).toBe(750);
    // $3.33 of the $5.00 at 150 points a reward dollar: 499.5, a part of a point counting whole.
    expect(orderRewardPoints(quoted, { payByPoints: '-3.33' })).toBe(500);
    expect(orderRewardPoints(quoted, { payByPoints: '0.00' })).toBe(0);
    expect(orderRewardPoints(null, { payByPoints: '-1.00' })).toBe(0);
  });
});

describe('Use points', () => {
  it('covers what the balance is worth, at most what the sale costs before its reward dollars', () => {
    expect(usableRewardCents(500, 2440, 0)).toBe(500);
    expect(usableRewardCents(5000, 2440, 0)).toBe(2440);
    // The quote already spends $5.00: the sale costs $24.40 before it.
    expect(usableRewardCents(5000, 1940, -500)).toBe(2440);
    expect(usableRewardCents(0, 2440, 0)).toBe(0);
    // Offline at an attached register: at most the programme's cap, which the service would refuse past.
    expect(usableRewardCents(1003, 2440, 0, 500)).toBe(500);
    expect(usableRewardCents(300, 2440, 0, 500)).toBe(300);
  });
});

describe('reward dollars typed past what the sale comes to', () => {
  it('says what the sale takes of them, so the field’s amount is not read as taken off', () => {
    // $50.00 typed on a sale of $2.57: the service takes $2.57.
    expect(rewardCapWords(5000, { payByPoints: '-2.57' })).toBe(
      'Only $2.57 can be used on this sale: all it comes to.',
    );
    expect(rewardCapWords(500, { payByPoints: '0.00' })).toBe(
      'This sale comes to $0.00: no reward dollars can be used on it.',
    );
    // All of them taken, none typed, or no quote yet: nothing to say.
    expect(rewardCapWords(257, { payByPoints: '-2.57' })).toBe('');
    expect(rewardCapWords(0, { payByPoints: '0.00' })).toBe('');
    expect(rewardCapWords(5000, null)).toBe('');
  });
});

describe("the service's refusal of reward dollars", () => {
  const refusal = (message: string, status = 400) => new ApiError(status, 'INVALID_INPUT', message);

  it("shows a short balance as a sentence, the field's label in place of its API name", () => {
    const short = refusal('rewardDollars of $5.00 need 500 points; Maria has 300 points ($3.00 in reward dollars)');
    expect(rewardRefusal(short)).toBe(
      'Reward dollars of $5.00 need 500 points; Maria has 300 points ($3.00 in reward dollars).',
    );
    expect(needsCustomer(short)).toBe(false);
    // Asked more than the sale comes to: the amount typed, and what the sale takes of it.
    const over = refusal(
      'rewardDollars of $50.00 (this sale takes $26.00 of them) need 2,600 points; Maria has 50 points ($0.50 in reward dollars)',
    );
    expect(rewardRefusal(over)).toBe(
      'Reward dollars of $50.00 (this sale takes $26.00 of them) need 2,600 points; Maria has 50 points ($0.50 in reward dollars).',
    );
  });

  it('names the field when the rule is about it, and knows the refusal that means a programme is on', () => {
    const nobody = refusal(
      "rewardDollars are paid with a customer's loyalty points: name the customer whose points pay them",
    );
    expect(rewardRefusal(nobody)).toBe(
      "Reward dollars are paid with a customer's loyalty points: name the customer whose points pay them.",
    );
    expect(needsCustomer(nobody)).toBe(true);
  });

  it("names the field of a register's offline cap", () => {
    const offline = refusal(
      'rewardDollars may be at most $20.00 a sale while this register cannot reach its store server',
    );
    expect(rewardRefusal(offline)).toBe(
      'Reward dollars may be at most $20.00 a sale while this register cannot reach its store server.',
    );
  });

  it('leaves every other failure to the totals', () => {
    expect(rewardRefusal(refusal('items[0].productId is not a product of this store'))).toBeNull();
    expect(rewardRefusal(refusal('rewardDollars x', 500))).toBeNull();
    expect(rewardRefusal(new TypeError('network down'))).toBeNull();
  });
});
