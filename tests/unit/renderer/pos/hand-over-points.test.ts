// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerLoyalty } from '../../../../shared/contracts/loyalty.js';
import { useCustomerPointsStore } from '../../../../renderer/pos/stores/customer-points.js';
import { signedInCashier } from './signed-in.js';

/**
 * The points an online order handed over here earned (its customer is not the cart's): said on the
 * done screen as after a sale, the cart's customer panel showing no one; never said for the next sale.
 */
const loyalty: CustomerLoyalty = {
  enabled: true,
  points: 324,
  rewardCents: 300,
  offlineSpendCents: 2000,
  lifetimePoints: 324,
  tier: null,
  nextTier: null,
  expiresAt: null,
  entries: [
    {
      id: 'e-o1',
      at: '2026-11-30T15:00:00.000Z',
      kind: 'earned',
      points: 24,
      orderId: 'o1',
      orderNumber: 'WY7Q8M',
      note: 'Order WY7Q8M paid',
      by: 'ServicePay',
      byName: null,
    },
  ],
  more: false,
  nextCursor: null,
};

/** The customer's points as the service answers them, held until `answer()` when `hold` is set. */
function fakePoints(hold = false) {
  let answer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (answer = resolve));
  vi.stubGlobal('fetch', async (url: string) => {
    expect(new URL(url).pathname).toBe('/v2.0/dispensary/demo/customers/c1/loyalty');
    if (hold) await held;
    return new Response(JSON.stringify({ loyalty }), { status: 200 });
  });
  return { answer };
}

beforeEach(() => signedInCashier());
afterEach(() => vi.unstubAllGlobals());

describe('the points of an order handed over at the register', () => {
  it('are said once it is handed over, with the balance; the cart shows no customer', async () => {
    fakePoints();
    const points = useCustomerPointsStore();
    await points.afterHandOver('c1', 'Maria', 'o1');
    expect(points.earned).toBe('Maria earned 24 points · balance 324');
    expect(await points.earnedAfterSale()).toBe(24);
    expect(points.shown).toBeNull();
  });

  it('are not said once the next sale began while they were read', async () => {
    const service = fakePoints(true);
    const points = useCustomerPointsStore();
    const reading = points.afterHandOver('c1', 'Maria', 'o1');
    points.forget();
    service.answer();
    await reading;
    expect(points.earned).toBe('');
    expect(await points.earnedAfterSale()).toBeNull();
  });
});
