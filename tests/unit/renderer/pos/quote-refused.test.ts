// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '../../../../shared/contracts/customers.js';
import type { CustomerLoyalty } from '../../../../shared/contracts/loyalty.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useIdCheckStore } from '../../../../renderer/pos/stores/id-check.js';
import { displaySettled } from '../../../../renderer/pos/stores/pole-display.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * A refused price check never leaves the last accepted one on the register or the pole display: the
 * reported journey (Maria's reward dollars, then Sam on the sale) and refusals of other kinds.
 */

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

const BALANCES: Record<string, { name: string; points: number }> = {
  maria: { name: 'Maria', points: 903 },
  sam: { name: 'Sam', points: 97 },
};
/** A product the store stopped selling: any quote holding it is refused. */
const GONE = 'id-Gone Kush';

const loyalty = (points: number): CustomerLoyalty => ({
  enabled: true,
  points,
  rewardCents: points,
  offlineSpendCents: 2000,
  lifetimePoints: points,
  tier: null,
  nextTier: null,
  expiresAt: null,
  entries: [],
  more: false,
  nextCursor: null,
});

const refusal = (detail: string) =>
  new Response(JSON.stringify({ resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: detail }), {
    status: 400,
  });

/**
 * The service as the stores see it: a $45.00 Wedding Cake with $10.46 of tax, each customer's points
 * paying reward dollars at a point a cent and refused past the balance, as the service words it.
 */
function fakeService(): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const { pathname } = new URL(url);
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    calls.push({ method: init.method ?? 'GET', path: pathname, body });
    const loyaltyOf = /\/customers\/(\w+)\/loyalty$/.exec(pathname);
    if (loyaltyOf) return Response.json({ loyalty: loyalty(BALANCES[loyaltyOf[1]!]!.points) });
    if (pathname.endsWith('/allowance')) return refusal('no allowance here');
    if (pathname.includes('/display/')) return Response.json({ display: {} });
    if (!pathname.endsWith('/ticket/quote')) throw new Error(`unexpected call ${pathname}`);
    const items = body!.items as { productId: string }[];
    if (items.some((item) => item.productId === GONE)) return refusal('Gone Kush is no longer sold at Demo');
    const reward = Math.round(Number(body!.rewardDollars ?? 0) * 100);
    const who = BALANCES[String(body!.customerId)];
    if (reward > 0 && who && reward > who.points) {
      const words = `${who.name} has ${who.points} points ($${(who.points / 100).toFixed(2)} in reward dollars)`;
      return refusal(`rewardDollars of $${(reward / 100).toFixed(2)} need ${reward} points; ${words}`);
    }
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    return Response.json({
      approvalNeeded: false,
      rewardPoints: reward,
      items: [],
      subTotal: '45.00',
      discount: '0.00',
      tierDiscount: '0.00',
      tax: '10.46',
      payByPoints: dollars(-reward),
      total: dollars(5546 - reward),
      unavailableItems: [],
    });
  });
  return calls;
}

const person = (id: string, firstName: string, lastName: string) =>
  ({ id, firstName, lastName, phone: '', email: '' }) as unknown as Customer;

/** The customer goes on the sale as the ID check's "Sell to …" puts them there, their points read. */
async function sellTo(customer: Customer): Promise<void> {
  const idCheck = useIdCheckStore();
  idCheck.customer = customer;
  idCheck.verification = { verified: true } as typeof idCheck.verification;
  expect(idCheck.useForSale()).toBe(true);
  // The points are read, then the cart is priced again for them: both answered at once here.
  await flushPromises();
  await useCartStore().settled();
  await displaySettled();
}

const displayed = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body!);
const quotes = (calls: Call[]) => calls.filter((call) => call.path.endsWith('/ticket/quote')).map((call) => call.body!);

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('the customer on the sale changes', () => {
  it('drops the reward dollars typed for Maria: Sam is greeted with his points and what he will pay, on both screens', async () => {
    const calls = fakeService();
    const cart = useCartStore();
    cart.add(product({ name: 'Wedding Cake', price: '45.00', priceSell: '45.00' }));
    await sellTo(person('maria', 'Maria', 'Garcia'));
    // "Use points": her 903 points pay $9.03.
    cart.rewardDollars = 9.03;
    cart.changed();
    await cart.settled();
    await displaySettled();
    expect(cart.quote?.total).toBe('46.43');
    expect(displayed(calls).at(-1)).toMatchObject({ customerName: 'Maria', customerPoints: 903, pointsOnSale: 903 });
    const before = calls.length;

    await sellTo(person('sam', 'Sam', 'Lee'));
    expect(cart.rewardDollars).toBeNull();
    expect(cart.rewardError).toBe('');
    expect(cart.error).toBe('');
    // Nothing was asked of Sam's points: no quote after the change carried Maria's reward dollars.
    expect(quotes(calls.slice(before)).length).toBeGreaterThan(0);
    expect(quotes(calls.slice(before)).every((body) => !('rewardDollars' in body))).toBe(true);
    expect(cart.quote?.total).toBe('55.46');
    expect(cart.request).not.toHaveProperty('rewardDollars');
    const shown = displayed(calls.slice(before));
    expect(shown.at(-1)).toEqual({
      phase: 'cart',
      lines: [],
      totals: { subtotal: 4500, discount: 0, tax: 1046, rewardDollars: 0, total: 5546 },
      customerName: 'Sam',
      customerPoints: 97,
    });
    // Not once, while Sam was put on the sale, did the display name Maria or show her points or total.
    expect(JSON.stringify(shown)).not.toMatch(/Maria|903|4643/);
  });
});

describe('a refused price check', () => {
  it('reward dollars past the balance: said beside their field, and the sale priced and charged without them', async () => {
    const calls = fakeService();
    const cart = useCartStore();
    cart.add(product({ name: 'Wedding Cake', price: '45.00', priceSell: '45.00' }));
    await sellTo(person('sam', 'Sam', 'Lee'));
    cart.rewardDollars = 9.03;
    cart.changed();
    await cart.settled();
    await displaySettled();
    expect(cart.rewardError).toBe(
      'Reward dollars of $9.03 need 903 points; Sam has 97 points ($0.97 in reward dollars). The total is without them.',
    );
    // Kept as typed, for the cashier to correct; the totals on both screens are what will be charged.
    expect(cart.rewardDollars).toBe(9.03);
    expect(cart.quote?.total).toBe('55.46');
    expect(cart.pointsOnSale).toBe(0);
    expect(cart.request).not.toHaveProperty('rewardDollars');
    expect(displayed(calls).at(-1)).toMatchObject({ customerName: 'Sam', customerPoints: 97, totals: { total: 5546 } });
    expect(displayed(calls).at(-1)).not.toHaveProperty('pointsOnSale');

    // What the balance covers is taken: on the ticket, the totals and the display.
    cart.rewardDollars = 0.97;
    cart.changed();
    await cart.settled();
    await displaySettled();
    expect(cart.rewardError).toBe('');
    expect(cart.request.rewardDollars).toBe(0.97);
    expect(cart.quote?.total).toBe('54.49');
    expect(displayed(calls).at(-1)).toMatchObject({ customerPoints: 97, pointsOnSale: 97, totals: { total: 5449 } });
  });

  it('any other refusal: the register says its totals are from before the change; the display shows no figures', async () => {
    const calls = fakeService();
    const cart = useCartStore();
    cart.add(product({ name: 'Wedding Cake', price: '45.00', priceSell: '45.00' }));
    await sellTo(person('maria', 'Maria', 'Garcia'));
    expect(displayed(calls).at(-1)).toMatchObject({ phase: 'cart', customerName: 'Maria' });

    cart.add(product({ name: 'Gone Kush' }));
    await cart.settled();
    await displaySettled();
    expect(cart.error).toBe('Gone Kush is no longer sold at Demo. The totals shown are from before this change.');
    // Neither the last total nor the customer it was for stays in front of the queue.
    expect(displayed(calls).at(-1)).toEqual({ phase: 'idle' });

    cart.remove(GONE);
    await cart.settled();
    await displaySettled();
    expect(cart.error).toBe('');
    expect(displayed(calls).at(-1)).toMatchObject({ phase: 'cart', customerName: 'Maria', totals: { total: 5546 } });
  });
});
