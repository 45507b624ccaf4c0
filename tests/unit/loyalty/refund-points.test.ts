import { describe, expect, it } from 'vitest';
import type { SalePoints } from '../../../shared/contracts/refund-points.js';
import { GUMMIES_SALE } from './gummies-sale.js';
import { refundPreviewWords } from '../../../shared/loyalty/order-moves.js';
import { cancelPointsMoves, pointsKept, refundPointsMoves } from '../../../shared/loyalty/refund-points.js';

const SALE = GUMMIES_SALE;
const byItems = (amountCents: number, lines: [string, number][]) => ({ amountCents, lines: new Map(lines) });

describe('what a refund about to be made moves of the points, as the ledger will write it', () => {
  it('takes back none for the grinder (it earned none) and gives back its money’s share of the spent points', () => {
    // It keeps 2/3 of the money: 66.67 spent points, a part of a point kept whole (67).
    expect(refundPointsMoves(SALE, byItems(1000, [['grinder', 1000]]))).toEqual({
      takenBack: 0,
      givenBack: 33,
      expired: 0,
    });
  });

  it("takes back one gummy's share of the points (the sale keeps 15 of 15.5) as its money goes back", () => {
    expect(refundPointsMoves(SALE, byItems(1000, [['gummies', 1000]]))).toEqual({
      takenBack: 16,
      givenBack: 33,
      expired: 0,
    });
  });

  it('takes back the share of the points an amount is of the money, rounded as the sale keeps them', () => {
    expect(refundPointsMoves(SALE, byItems(1500, []))).toEqual({ takenBack: 16, givenBack: 50, expired: 0 });
  });

  it('counts a refund on what earlier ones left: after the grinder, the rest takes all that is left', () => {
    const after: SalePoints = {
      ...SALE,
      refundedCents: 1000,
      refunds: [{ amountCents: 1000, byItems: true }],
      lines: [SALE.lines[0]!, { ...SALE.lines[1]!, returnedMilli: 1000 }],
    };
    expect(pointsKept(after)).toEqual({ earned: 31, spent: 67 });
    expect(refundPointsMoves(after, byItems(2000, [['gummies', 2000]]))).toEqual({
      takenBack: 31,
      givenBack: 67,
      expired: 0,
    });
  });

  it('moves nothing when nothing comes back, and a cancel keeps none of the spent points', () => {
    expect(refundPointsMoves(SALE, byItems(0, []))).toEqual({ takenBack: 0, givenBack: 0, expired: 0 });
    expect(pointsKept({ ...SALE, earned: null }, true)).toEqual({ earned: 0, spent: 0 });
  });

  it('counts the earned points it takes back that had expired since as not taken again, never more than it takes', () => {
    expect(refundPointsMoves(SALE, byItems(1500, []), 10)).toEqual({ takenBack: 16, givenBack: 50, expired: 10 });
    expect(refundPointsMoves(SALE, byItems(1500, []), 400)).toEqual({ takenBack: 16, givenBack: 50, expired: 16 });
    // The spent points go back whole: expired points were never spent on the sale.
    expect(refundPointsMoves(SALE, byItems(1000, [['grinder', 1000]]), 400)).toEqual({
      takenBack: 0,
      givenBack: 33,
      expired: 0,
    });
  });
});

describe('what canceling an order moves of the points, as the ledger will write it', () => {
  const unpaid = { ...SALE, earned: null };

  it("gives back all its reward dollars' points: a canceled order keeps none", () => {
    expect(cancelPointsMoves(unpaid)).toEqual({ takenBack: 0, givenBack: 100, expired: 0 });
  });

  it('moves none once a refund in full gave them back already', () => {
    const refunded = { ...unpaid, refundedCents: 3000, refunds: [{ amountCents: 3000, byItems: false }] };
    expect(cancelPointsMoves(refunded)).toEqual({ takenBack: 0, givenBack: 0, expired: 0 });
  });

  it('takes back what a sale still earned, those expired since not taken again', () => {
    expect(cancelPointsMoves(SALE, 20)).toEqual({ takenBack: 31, givenBack: 100, expired: 20 });
  });
});

describe('the words of what a refund will move, before it is made', () => {
  it('names the customer and says what is taken back and given back', () => {
    expect(refundPreviewWords({ takenBack: 16, givenBack: 33, expired: 0 }, 'Maria', 'return')).toBe(
      "Maria's points: this return takes back 16 earned on the sale and gives back 33 spent on it.",
    );
    expect(refundPreviewWords({ takenBack: 1, givenBack: 0, expired: 0 }, 'Maria', 'refund')).toBe(
      "Maria's points: this refund takes back 1 earned on the sale.",
    );
    expect(refundPreviewWords({ takenBack: 0, givenBack: 1_250, expired: 0 }, 'Maria', 'return')).toBe(
      "Maria's points: this return gives back 1,250 spent on the sale.",
    );
  });

  it('says when it moves none of them, and who when the name is not known', () => {
    expect(refundPreviewWords({ takenBack: 0, givenBack: 0, expired: 0 }, 'Maria', 'return')).toBe(
      "Maria's points: this return moves none of them.",
    );
    expect(refundPreviewWords({ takenBack: 4, givenBack: 0, expired: 0 }, null, 'return')).toBe(
      "The customer's points: this return takes back 4 earned on the sale.",
    );
  });

  it('says apart the earned points that had expired already, which are not taken again', () => {
    expect(refundPreviewWords({ takenBack: 57, givenBack: 30, expired: 40 }, 'Dee', 'refund')).toBe(
      "Dee's points: this refund takes back 57 earned on the sale and gives back 30 spent on it; 40 of the 57 earned had expired already and are not taken again.",
    );
    expect(refundPreviewWords({ takenBack: 1_057, givenBack: 0, expired: 1_057 }, 'Dee', 'return')).toBe(
      "Dee's points: this return takes back 1,057 earned on the sale; the 1,057 earned had all expired already and are not taken again.",
    );
    expect(refundPreviewWords({ takenBack: 1, givenBack: 0, expired: 1 }, 'Dee', 'return')).toBe(
      "Dee's points: this return takes back 1 earned on the sale; that 1 earned had expired already and is not taken again.",
    );
  });

  it('says what canceling the order will move', () => {
    expect(refundPreviewWords({ takenBack: 0, givenBack: 120, expired: 0 }, 'Maria', 'cancel')).toBe(
      "Maria's points: canceling the order gives back 120 spent on it.",
    );
    expect(refundPreviewWords({ takenBack: 12, givenBack: 30, expired: 0 }, 'Maria', 'cancel')).toBe(
      "Maria's points: canceling the order takes back 12 earned on it and gives back 30 spent on it.",
    );
    expect(refundPreviewWords({ takenBack: 0, givenBack: 0, expired: 0 }, null, 'cancel')).toBe(
      "The customer's points: canceling the order moves none of them.",
    );
  });
});
