import { describe, expect, it } from 'vitest';
import type { RefundPoints } from '../../../../shared/contracts/refund-points.js';
import { refundPointsPreview } from '../../../../renderer/common/refund-points-preview.js';

/** Two gummies ($20.00) and a grinder ($10.00, earning nothing), paid $30.00: 31 points earned, 100 spent. */
const POINTS: RefundPoints = {
  resultCode: 'SUCCESS',
  resultReason: null,
  customer: 'Maria',
  sale: {
    earned: 31,
    spent: 100,
    chargedCents: 3000,
    refundedCents: 0,
    refunds: [],
    lines: [
      { itemId: 'gummies', type: 'EDIBLE', amountCents: 2000, quantityMilli: 2000, returnedMilli: 0 },
      { itemId: 'grinder', type: 'ACCESSORY', amountCents: 1000, quantityMilli: 1000, returnedMilli: 0 },
    ],
    excludedTypes: ['ACCESSORY'],
  },
};

describe("the back office's refund dialog says what the refund will move of the points", () => {
  it('of an amount: its share of the money, earned points taken back and spent ones given back', () => {
    expect(refundPointsPreview(POINTS, 1500)).toBe(
      "Maria's points: this refund takes back 16 earned on the sale and gives back 50 spent on it.",
    );
  });

  it('of items: the points of the lines chosen (the grinder earned none)', () => {
    expect(refundPointsPreview(POINTS, 1000, [{ itemId: 'grinder', milli: 1000 }])).toBe(
      "Maria's points: this refund gives back 33 spent on the sale.",
    );
  });

  it('says nothing while the points are unread, when the sale moved none, or when nothing is refunded', () => {
    expect(refundPointsPreview(null, 1500)).toBe('');
    expect(refundPointsPreview({ ...POINTS, customer: null, sale: null }, 1500)).toBe('');
    expect(refundPointsPreview(POINTS, 0, [{ itemId: 'gummies', milli: 0 }])).toBe('');
  });
});
