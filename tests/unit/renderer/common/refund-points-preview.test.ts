import { describe, expect, it } from 'vitest';
import { cancelPointsPreview, refundPointsPreview } from '../../../../renderer/common/refund-points-preview.js';
import { GUMMIES_POINTS } from '../../loyalty/gummies-sale.js';

const POINTS = GUMMIES_POINTS;

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

  it('says apart what it takes back of points that expired since the sale earned them', () => {
    expect(refundPointsPreview({ ...POINTS, expired: 10 }, 1500)).toBe(
      "Maria's points: this refund takes back 16 earned on the sale and gives back 50 spent on it; 10 of the 16 earned had expired already and are not taken again.",
    );
  });

  it("says what canceling the order will move, by the ledger's rule: an unpaid order's reward points given back", () => {
    const unpaid = { ...POINTS, sale: { ...POINTS.sale!, earned: null } };
    expect(cancelPointsPreview(unpaid)).toBe("Maria's points: canceling the order gives back 100 spent on it.");
    expect(cancelPointsPreview(null)).toBe('');
    expect(cancelPointsPreview({ ...POINTS, customer: null, sale: null })).toBe('');
  });

  it('says nothing while the points are unread, when the sale moved none, or when nothing is refunded', () => {
    expect(refundPointsPreview(null, 1500)).toBe('');
    expect(refundPointsPreview({ ...POINTS, customer: null, sale: null }, 1500)).toBe('');
    expect(refundPointsPreview(POINTS, 0, [{ itemId: 'gummies', milli: 0 }])).toBe('');
  });
});
