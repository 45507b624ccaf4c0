import { describe, expect, it } from 'vitest';
import { refundPointsPreview } from '../../../../renderer/common/refund-points-preview.js';
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

  it('says nothing while the points are unread, when the sale moved none, or when nothing is refunded', () => {
    expect(refundPointsPreview(null, 1500)).toBe('');
    expect(refundPointsPreview({ ...POINTS, customer: null, sale: null }, 1500)).toBe('');
    expect(refundPointsPreview(POINTS, 0, [{ itemId: 'gummies', milli: 0 }])).toBe('');
  });
});
