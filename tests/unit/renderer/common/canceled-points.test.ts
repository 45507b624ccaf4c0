import { describe, expect, it } from 'vitest';
import { canceledPointsWords, loyaltyWords, readCanceledPoints } from '../../../../renderer/common/canceled-points.js';
import { historyStep } from '../order-fixture.js';

describe('what a cancel moved of the points, as the order history says it', () => {
  it("names the customer and the points of the cancel's step", () => {
    const history = {
      customerName: 'Maria Garcia',
      steps: [historyStep({ to: 'IN_PROCESS' }), historyStep({ points: { takenBack: 0, givenBack: 200 } })],
    };
    expect(canceledPointsWords(history)).toBe('200 points given back to Maria Garcia');
    expect(loyaltyWords(canceledPointsWords(history))).toBe(' Loyalty: 200 points given back to Maria Garcia.');
  });

  it('says nothing when the cancel moved none, or the order was not canceled', () => {
    expect(canceledPointsWords({ customerName: 'Maria Garcia', steps: [historyStep()] })).toBe('');
    expect(
      canceledPointsWords({
        customerName: null,
        steps: [historyStep({ to: 'IN_PROCESS', points: { takenBack: 3, givenBack: 0 } })],
      }),
    ).toBe('');
    expect(loyaltyWords('')).toBe('');
  });

  it('reads the history of the order, and says nothing when it cannot be read', async () => {
    const asked: string[] = [];
    const api = {
      get: async <T>(path: string): Promise<T> => {
        asked.push(path);
        return { customerName: null, steps: [historyStep({ points: { takenBack: 0, givenBack: 1 } })] } as T;
      },
    };
    expect(await readCanceledPoints(api, '/v2.0/dispensary/demo/ecommerce', 'o 1')).toBe('1 point given back');
    expect(asked).toEqual(['/v2.0/dispensary/demo/ecommerce/ticket/o%201/history']);
    const down = { get: async <T>(): Promise<T> => Promise.reject(new Error('offline')) };
    expect(await readCanceledPoints(down, '/x', 'o1')).toBe('');
  });
});
