// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderHistory } from '../../../../shared/contracts/order-history.js';
import { orderPointsMoves, orderPointsWords, refundPointsWords } from '../../../../shared/loyalty/order-moves.js';
import { historyLines } from '../../../../renderer/backoffice/logic/order-history-words.js';
import { useOrderHistoryStore } from '../../../../renderer/backoffice/stores/order-history.js';
import { useOrderPointsStore } from '../../../../renderer/backoffice/stores/order-points.js';
import { GUMMIES_POINTS } from '../../loyalty/gummies-sale.js';
import { fakeService, refused, signedIn } from './fake-service.js';

const HISTORY = '/v2.0/dispensary/demo/ecommerce/ticket/o1/history';
const REFUND = {
  at: '2026-12-05T18:30:00.000Z',
  kind: 'refund' as const,
  from: null,
  to: null,
  method: 'Cash' as const,
  amount: 3000,
  reason: 'Returned',
  details: '',
  by: 'Morgan Manager',
};
const history = (points: OrderHistory['points'], steps: OrderHistory['steps'] = []): { body: OrderHistory } => ({
  body: {
    resultCode: 'SUCCESS',
    resultReason: null,
    orderId: 'o1',
    source: 'register',
    customerName: 'Maria',
    steps,
    points,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("the order's points as its detail says them", () => {
  it('nets refunds as the receipt does, and names what they took back and gave back', () => {
    const moves = orderPointsMoves([
      { kind: 'spent', points: -100 },
      { kind: 'earned', points: 57 },
      { kind: 'reversed', points: -18 },
      { kind: 'returned', points: 31 },
      { kind: 'expired', points: 5 },
    ]);
    expect(moves).toEqual({ earned: 57, takenBack: 18, spent: 100, givenBack: 31 });
    // The receipt's "39 earned · 69 spent" comes first.
    expect(orderPointsWords(moves!)).toBe('39 earned (57 less 18 taken back) · 69 spent (100 less 31 given back)');
    expect(orderPointsWords({ earned: 1200, takenBack: 0, spent: 0, givenBack: 0 })).toBe('1,200 earned');
    expect(orderPointsWords({ earned: 57, takenBack: 57, spent: 100, givenBack: 31 })).toBe(
      '57 earned, all taken back · 69 spent (100 less 31 given back)',
    );
    expect(orderPointsMoves([{ kind: 'adjusted', points: 500 }])).toBeNull();
  });

  it('says so when all points of the order were taken back, rather than saying nothing', () => {
    const moves = orderPointsMoves([
      { kind: 'earned', points: 57 },
      { kind: 'spent', points: -100 },
      { kind: 'reversed', points: -57 },
      { kind: 'returned', points: 100 },
    ]);
    expect(orderPointsWords(moves!)).toBe('none kept: 57 earned taken back, 100 spent given back');
    expect(orderPointsWords({ earned: 18, takenBack: 18, spent: 0, givenBack: 0 })).toBe(
      'none kept: 18 earned taken back',
    );
  });

  it("says a refund's points on its step of the history", () => {
    expect(refundPointsWords({ takenBack: 18, givenBack: 31 })).toBe('18 points taken back, 31 given back');
    expect(refundPointsWords({ takenBack: 1, givenBack: 0 })).toBe('1 point taken back');
    expect(refundPointsWords({ takenBack: 0, givenBack: 0 })).toBe('');
    const read = history(null, [{ ...REFUND, points: { takenBack: 18, givenBack: 31 } }, REFUND]).body;
    expect(historyLines(read, 'America/Los_Angeles').map(({ what, points }) => [what, points])).toEqual([
      ['$30.00 of the Cash payment refunded', '18 points taken back from Maria, 31 given back'],
      ['$30.00 of the Cash payment refunded', ''],
    ]);
  });

  it('says apart the points taken back that had expired already, as the preview said them', () => {
    expect(refundPointsWords({ takenBack: 57, givenBack: 31, expired: 40 }, 'Maria Garcia')).toBe(
      '57 points taken back from Maria Garcia, 31 given back; 40 of the 57 earned had expired already and are not taken again',
    );
    expect(refundPointsWords({ takenBack: 12, givenBack: 0, expired: 12 })).toBe(
      '12 points taken back; the 12 earned had all expired already and are not taken again',
    );
    expect(refundPointsWords({ takenBack: 1, givenBack: 0, expired: 1 })).toBe(
      '1 point taken back; that 1 earned had expired already and is not taken again',
    );
    expect(refundPointsWords({ takenBack: 0, givenBack: 30, expired: 0 })).toBe('30 points given back');
  });

  it("reads the points with the order's history, again after a refund", async () => {
    signedIn(['ticket:read']);
    const before = { earned: 57, takenBack: 0, spent: 100, givenBack: 0 };
    const after = { earned: 57, takenBack: 18, spent: 100, givenBack: 31 };
    fakeService({ [`GET ${HISTORY}`]: [history(before), history(after)] });
    const points = useOrderPointsStore();
    await useOrderHistoryStore().load('o1');
    expect(points.points).toEqual(before);
    await useOrderHistoryStore().load('o1');
    expect(points.points).toEqual(after);
    points.reset();
    expect(points.points).toBeNull();
  });

  it('reads what canceling the order will move of its points, and says nothing when they cannot be read', async () => {
    signedIn(['ticket:read']);
    const unpaid = { ...GUMMIES_POINTS, sale: { ...GUMMIES_POINTS.sale!, earned: null } };
    fakeService({
      'GET /v2.0/ticket/o1/refund-points': [{ body: unpaid }, refused(404, 'NOT_FOUND', 'no order o1 at your stores')],
    });
    const points = useOrderPointsStore();
    await points.readForCancel('o1');
    expect(points.cancelPreview).toBe("Maria's points: canceling the order gives back 100 spent on it.");
    await points.readForCancel('o1');
    expect(points.cancelPreview).toBe('');
  });
});
