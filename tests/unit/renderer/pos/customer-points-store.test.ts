// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerLoyalty } from '../../../../shared/contracts/loyalty.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { displaySettled, setDisplay } from '../../../../renderer/pos/stores/pole-display.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useCustomerPointsStore } from '../../../../renderer/pos/stores/customer-points.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A refusal as the service words it (400, its sentence in `resultDetail`). */
class Refused {
  constructor(readonly detail: string) {}
}

/** The service as the stores see it: answers by route, recording every call; any other call fails the test. */
function fakeService(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname + new URL(url).search,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const result = answer(call);
    if (result === undefined) throw new Error(`unexpected call ${call.method} ${call.path}`);
    if (result instanceof Refused) {
      const body = { resultCode: 'FAIL', resultReason: 'INVALID_INPUT', resultDetail: result.detail };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 400 }));
    }
    // An answer the test holds back (a promise) is sent when the test lets it go.
    const held = result instanceof Promise ? result : Promise.resolve(result);
    return held.then((body: unknown) => new Response(JSON.stringify(body), { status: 200 }));
  });
  return calls;
}

/** The quote of a $26.40 sale with `reward` dollars on it, costing 100 points a reward dollar. */
const quote = (reward: number) => ({
  rewardPoints: Math.round(reward * 100),
  items: [],
  subTotal: '24.00',
  discount: '0.00',
  tierDiscount: '0.00',
  tax: '2.40',
  payByPoints: (-reward).toFixed(2),
  total: (26.4 - reward).toFixed(2),
  unavailableItems: [],
});

const loyalty = (fields: Partial<CustomerLoyalty> = {}): CustomerLoyalty => ({
  enabled: true,
  points: 500,
  rewardCents: 500,
  offlineSpendCents: 2000,
  lifetimePoints: 500,
  tier: null,
  nextTier: null,
  expiresAt: null,
  entries: [],
  more: false,
  nextCursor: null,
  ...fields,
});

const SHORT = 'rewardDollars of $9.00 need 900 points; Maria has 500 points ($5.00 in reward dollars)';
const SHORT_WORDS = 'Reward dollars of $9.00 need 900 points; Maria has 500 points ($5.00 in reward dollars).';
/** Refused by a quote: the cart is priced without them, and says so. */
const SHORT_QUOTED = `${SHORT_WORDS} The total is without them.`;
const NOBODY = "rewardDollars are paid with a customer's loyalty points: name the customer whose points pay them";

const earnedEntry = (points: number, orderId: string): CustomerLoyalty['entries'][number] => ({
  id: `e-${orderId}`,
  at: '2026-11-30T15:00:00.000Z',
  kind: 'earned',
  points,
  orderId,
  orderNumber: 'AB23CD',
  note: 'Order AB23CD paid',
  by: 'ServicePay',
  byName: null,
});

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe('customer points at the register', () => {
  it("mirrors the named customer's points, and shows a short balance beside Reward dollars, the amount kept, the totals without it", async () => {
    const calls = fakeService((call) => {
      if (call.path.startsWith('/v2.0/dispensary/demo/customers/c1/loyalty')) return { loyalty: loyalty() };
      if (call.path.endsWith('/ticket/quote')) {
        const reward = (call.body as { rewardDollars?: number }).rewardDollars ?? 0;
        return reward > 5 ? new Refused(SHORT) : quote(reward);
      }
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const cart = useCartStore();
    const points = useCustomerPointsStore();
    cart.add(product({ name: 'a' }));
    Object.assign(cart.customer, { customerId: 'c1', firstName: 'Maria', lastName: 'Garcia' });
    expect(await points.follow('c1')).toBe(true);
    cart.changed();
    await cart.settled();
    expect(points.programmeOn).toBe(true);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({
      phase: 'cart',
      customerName: 'Maria',
      customerPoints: 500,
    });

    cart.rewardDollars = 9;
    cart.changed();
    await cart.settled();
    expect(cart.rewardError).toBe(SHORT_QUOTED);
    expect(cart.error).toBe('');
    expect(cart.rewardDollars).toBe(9);
    // Priced, and to be charged, without them: both screens show the total that will be paid.
    expect(cart.quote?.total).toBe('26.40');
    expect(cart.request).not.toHaveProperty('rewardDollars');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({
      phase: 'cart',
      totals: { rewardDollars: 0, total: 2640 },
      customerPoints: 500,
    });

    cart.rewardDollars = 2;
    cart.changed();
    await cart.settled();
    expect(cart.rewardError).toBe('');
    expect(cart.quote?.total).toBe('24.40');
    // The display says the balance the reward dollars leave: the quote's points, off the balance.
    expect(cart.pointsOnSale).toBe(200);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({
      phase: 'cart',
      customerPoints: 500,
      pointsOnSale: 200,
    });
  });

  it('reads the balance again when the reward dollars change: points given meanwhile are counted, on the display too', async () => {
    let balance = loyalty({ points: 0, rewardCents: 0 });
    const calls = fakeService((call) => {
      if (call.path.startsWith('/v2.0/dispensary/demo/customers/c1/loyalty')) return { loyalty: balance };
      if (call.path.endsWith('/ticket/quote'))
        return quote((call.body as { rewardDollars?: number }).rewardDollars ?? 0);
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const reads = () => calls.filter((call) => call.path.includes('/loyalty')).length;
    const cart = useCartStore();
    const points = useCustomerPointsStore();
    cart.add(product({ name: 'a' }));
    Object.assign(cart.customer, { customerId: 'c1', firstName: 'Maria', lastName: 'Garcia' });
    await points.follow('c1');
    cart.changed();
    await cart.settled();
    expect(reads()).toBe(1);

    // A manager gives her 500 points in the back office while she is at the register.
    balance = loyalty({ points: 500, rewardCents: 500 });
    cart.rewardDollars = 2;
    cart.changed();
    await cart.settled();
    expect(points.shown?.points).toBe(500);
    expect(cart.pointsOnSale).toBe(200);
    expect(calls.filter((call) => call.method === 'PUT').at(-1)!.body).toMatchObject({
      customerPoints: 500,
      pointsOnSale: 200,
    });
    // The same reward dollars priced again (a line added) read nothing more.
    cart.add(product({ name: 'b' }));
    await cart.settled();
    expect(reads()).toBe(2);
  });

  it('thanks the customer on the display with the points the sale earned, read once it is paid', async () => {
    const paid = loyalty({ points: 324, entries: [earnedEntry(24, 'o1'), earnedEntry(7, 'o0')] });
    let balance = loyalty();
    const calls = fakeService((call) => {
      if (call.path.startsWith('/v2.0/dispensary/demo/customers/c1/loyalty')) return { loyalty: balance };
      if (call.path.endsWith('/ticket/quote')) return quote(2);
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const cart = useCartStore();
    const points = useCustomerPointsStore();
    cart.add(product({ name: 'a' }));
    Object.assign(cart.customer, { customerId: 'c1', firstName: 'Maria', lastName: 'Garcia' });
    await points.follow('c1');
    cart.rewardDollars = 2;
    cart.changed();
    await cart.settled();
    expect(cart.pointsOnSale).toBe(200);

    // Paid: the new balance is read as the thank-you goes up at once; once read, it says what the sale earned.
    balance = paid;
    void points.afterSale('c1', 'Maria', 'o1');
    const puts = () => calls.filter((call) => call.method === 'PUT');
    await setDisplay({ phase: 'thanks', orderNumber: 'AB23CD', total: 2440, changeDue: 0 });
    expect(puts().at(-1)!.body).toEqual({ phase: 'thanks', orderNumber: 'AB23CD', total: 2440, changeDue: 0 });
    await displaySettled();
    expect(puts().at(-1)!.body).toEqual({
      phase: 'thanks',
      orderNumber: 'AB23CD',
      total: 2440,
      changeDue: 0,
      pointsEarned: 24,
    });
    // The balance read after the sale has its reward dollars off already: nothing more is taken off it.
    expect(points.shown?.points).toBe(324);
    expect(cart.pointsOnSale).toBe(0);
    expect(points.earned).toBe('Maria earned 24 points · balance 324');

    // The next sale's thank-you, naming nobody, says nothing of points.
    cart.clear();
    await setDisplay({ phase: 'thanks', orderNumber: 'EF45GH', total: 100, changeDue: 0 });
    await displaySettled();
    expect(puts().at(-1)!.body).not.toHaveProperty('pointsEarned');
  });

  it('does not bring back a thank-you the register moved on from while the new balance was read', async () => {
    let answerBalance: (value: unknown) => void = () => undefined;
    let reading = false;
    const calls = fakeService((call) => {
      if (call.path.startsWith('/v2.0/dispensary/demo/customers/c1/loyalty')) {
        if (!reading) return { loyalty: loyalty() };
        return new Promise((resolve) => (answerBalance = resolve));
      }
      if (call.path.endsWith('/ticket/quote')) return quote(0);
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const cart = useCartStore();
    const points = useCustomerPointsStore();
    cart.add(product({ name: 'a' }));
    Object.assign(cart.customer, { customerId: 'c1', firstName: 'Maria', lastName: 'Garcia' });
    await points.follow('c1');
    reading = true;
    void points.afterSale('c1', 'Maria', 'o1');
    await setDisplay({ phase: 'thanks', orderNumber: 'AB23CD', total: 2640, changeDue: 0 });
    await setDisplay({ phase: 'idle' });
    answerBalance({ loyalty: loyalty({ points: 524, entries: [earnedEntry(24, 'o1')] }) });
    await displaySettled();
    const puts = calls.filter((call) => call.method === 'PUT').map((call) => call.body as { phase: string });
    expect(puts.at(-1)).toEqual({ phase: 'idle' });
    expect(puts.some((body) => 'pointsEarned' in body)).toBe(false);
  });

  it('says beside Reward dollars, and above the pay buttons, a balance spent elsewhere before the ticket was made', async () => {
    fakeService((call) => {
      if (call.path.endsWith('/ticket/quote')) return quote(9);
      if (call.path.endsWith('/ecommerce/ticket') && call.method === 'POST') return new Refused(SHORT);
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(product({ name: 'a' }));
    Object.assign(cart.customer, { customerId: 'c1', firstName: 'Maria', lastName: 'Garcia' });
    cart.rewardDollars = 9;
    cart.changed();
    await checkout.start('pos');
    const words = SHORT_WORDS;
    expect(checkout.step).toBe('cart');
    expect(checkout.notice).toBe(words);
    expect(cart.rewardError).toBe(words);
    expect(cart.rewardDollars).toBe(9);
  });

  it('learns that the store runs a programme from reward dollars refused with nobody named', async () => {
    fakeService((call) => {
      if (call.path.endsWith('/ticket/quote')) {
        return (call.body as { rewardDollars?: number }).rewardDollars ? new Refused(NOBODY) : quote(0);
      }
      if (call.method === 'PUT') return { display: {} };
      return undefined;
    });
    const cart = useCartStore();
    const points = useCustomerPointsStore();
    cart.add(product({ name: 'a' }));
    await cart.settled();
    expect(points.programmeOn).toBeNull();
    cart.rewardDollars = 2;
    cart.changed();
    await cart.settled();
    expect(points.programmeOn).toBe(true);
    expect(cart.rewardError).toMatch(/^Reward dollars are paid with a customer's loyalty points/);
  });

  it('shows nothing for a store whose programme is off, and says what a paid sale earned', async () => {
    let enabled = false;
    fakeService((call) => {
      if (!call.path.startsWith('/v2.0/dispensary/demo/customers/c1/loyalty')) return undefined;
      const entries: CustomerLoyalty['entries'] = [
        {
          id: 'e2',
          at: '2026-11-30T15:00:00.000Z',
          kind: 'earned',
          points: 24,
          orderId: 'o1',
          orderNumber: 'AB23CD',
          note: 'Order AB23CD paid',
          by: 'ServicePay',
          byName: null,
        },
      ];
      return { loyalty: loyalty({ enabled, points: enabled ? 24 : 0, entries: enabled ? entries : [] }) };
    });
    const points = useCustomerPointsStore();
    expect(await points.follow('c1')).toBe(false);
    expect(points.shown).toBeNull();
    expect(points.programmeOn).toBe(false);
    await points.afterSale('c1', 'Maria', 'o1');
    expect(points.earned).toBe('');

    enabled = true;
    await points.follow('c1');
    await points.afterSale('c1', 'Maria Garcia', 'o1');
    expect(points.earned).toBe('Maria earned 24 points · balance 24');
    points.forget();
    expect(points.earned).toBe('');
    expect(points.programmeOn).toBe(true);
  });
});
