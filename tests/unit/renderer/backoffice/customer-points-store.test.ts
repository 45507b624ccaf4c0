// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerLoyalty, LoyaltyEntry } from '../../../../shared/contracts/loyalty.js';
import { ApiError } from '../../../../renderer/common/http.js';
import { useCustomerPointsStore } from '../../../../renderer/backoffice/stores/customer-points.js';
import { fakeService, refused, signedIn, type Answer } from './fake-service.js';

const LOYALTY = '/v2.0/dispensary/demo/customers/c1/loyalty';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const entry = (id: string, points: number): LoyaltyEntry => ({
  id,
  at: '2026-11-30T18:00:00.000Z',
  kind: 'adjusted',
  points,
  orderId: null,
  orderNumber: null,
  note: 'Welcome bonus',
  by: 'manager',
  byName: 'Morgan Manager',
});
/** An answer of the service: `next`, the cursor of the page after it (null on the last page). */
const answer = (entries: LoyaltyEntry[], next: string | null, points = 250): Answer => ({
  body: {
    ...ok,
    loyalty: {
      enabled: true,
      points,
      rewardCents: points,
      offlineSpendCents: 2000,
      lifetimePoints: 0,
      tier: null,
      nextTier: null,
      expiresAt: null,
      entries,
      more: next !== null,
      nextCursor: next,
    } satisfies CustomerLoyalty,
  },
});

afterEach(() => vi.unstubAllGlobals());

describe("a customer's points", () => {
  it("reads the newest page, then older ones with the service's cursor of the customer's ledger", async () => {
    signedIn(['customer:read']);
    const calls = fakeService({
      [`GET ${LOYALTY}`]: [
        answer([entry('e3', 50), entry('e2', 50)], 'cursor-after-e2'),
        answer([entry('e1', 150)], null),
      ],
    });
    const points = useCustomerPointsStore();
    await points.load('c1');
    expect(points.loyalty?.entries.map((each) => each.id)).toEqual(['e3', 'e2']);
    await points.more();
    expect(points.loyalty?.entries.map((each) => each.id)).toEqual(['e3', 'e2', 'e1']);
    expect(points.loyalty?.nextCursor).toBeNull();
    expect(calls[1]!.url.searchParams.get('before')).toBe('cursor-after-e2');
    expect(calls[1]!.url.searchParams.get('limit')).toBe('20');
    // The last page asks for nothing more.
    await points.more();
    expect(calls).toHaveLength(2);
    // A cashier reads points but does not adjust them.
    expect(points.manages).toBe(false);
  });

  it("a manager's adjustment is sent and its answer shown; a refusal is thrown in the service's words", async () => {
    signedIn(['customer:read', 'store:manage']);
    const calls = fakeService({
      [`GET ${LOYALTY}`]: [answer([], null, 0)],
      [`POST ${LOYALTY}/adjustments`]: [
        answer([entry('e1', 250)], null),
        refused(400, 'INVALID_INPUT', "points would take Maria's balance below zero: they have 250 points"),
      ],
    });
    const points = useCustomerPointsStore();
    expect(points.manages).toBe(true);
    await points.load('c1');
    await points.adjust({ points: 250, reason: 'Welcome bonus' });
    expect(calls[1]!.body).toEqual({ points: 250, reason: 'Welcome bonus' });
    expect(points.loyalty?.points).toBe(250);
    const failure = await points.adjust({ points: -1000, reason: 'Typo' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toContain('below zero');
    expect(points.loyalty?.points).toBe(250);
  });

  it('says why the points could not be read', async () => {
    signedIn(['customer:read']);
    fakeService({ [`GET ${LOYALTY}`]: [refused(404, 'NOT_FOUND', 'Green Valley has no customer c1')] });
    const points = useCustomerPointsStore();
    await points.load('c1');
    expect(points.loyalty).toBeNull();
    expect(points.error).toBe('Green Valley has no customer c1.');
  });
});
