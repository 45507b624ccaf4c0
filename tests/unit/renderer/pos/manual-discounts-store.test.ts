// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManualDiscount } from '../../../../shared/contracts/manual-discounts.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useManualDiscountsStore } from '../../../../renderer/pos/stores/manual-discounts.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** A refusal as the service answers it. */
class Refusal {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly detail: string,
  ) {}
}

/** The service as the stores see it: answers by route, recording every call. */
function fakeService(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      method: init.method ?? 'GET',
      path: new URL(url).pathname,
      body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    const result = answer(call);
    if (result instanceof Refusal) {
      const failure = { resultCode: 'FAIL', resultReason: result.reason, resultDetail: result.detail };
      return new Response(JSON.stringify(failure), { status: result.status });
    }
    return new Response(JSON.stringify(result), { status: 200 });
  });
  return calls;
}

/**
 * The service's quote as the contract says it: 10 % of a $10 line per manual discount on it, and
 * `approvalNeeded` when any is given (a store asking for a PIN for every one).
 */
function quoteOf(body: Record<string, unknown> | undefined, policy: 'every' | 'none' = 'every') {
  const items = (body?.items ?? []) as { productId: string; quantity: number }[];
  const manual = (body?.manualDiscounts ?? []) as ManualDiscount[];
  return {
    items: items.map((item) => {
      const own = manual.find((discount) => discount.productId === item.productId);
      return {
        productId: item.productId,
        name: item.productId,
        brand: 'Brand',
        size: '1g',
        unitType: 'g',
        deli: false,
        quantity: item.quantity,
        priceSell: own ? '9.00' : '10.00',
        discounts: own ? [{ dealId: 'manual', name: 'Manual discount', amount: '1.00' }] : [],
      };
    }),
    subTotal: '10.00',
    discount: manual.length ? '1.00' : '0.00',
    tierDiscount: '0.00',
    tax: '0.00',
    payByPoints: '0.00',
    total: manual.length ? '9.00' : '10.00',
    unavailableItems: [],
    manualDiscounts: manual.map((discount) => ({
      productId: discount.productId ?? null,
      percent: discount.percent ?? null,
      amount: discount.amount ?? null,
      reason: discount.reason,
      discount: '1.00',
      approvedBy: null,
    })),
    // Reward dollars count with them where the store runs no loyalty programme (these tests' store).
    approvalNeeded: policy === 'every' && (manual.length > 0 || Number(body?.rewardDollars ?? 0) > 0),
  };
}

const ticketOf = (body: Record<string, unknown> | undefined) => ({
  ...quoteOf(body),
  orderId: '0190a4c2-0000-7000-8000-000000000001',
  orderNumber: 'AB23CD',
  status: 'AWAITING_PROCESSING',
});

const TEN_OFF: ManualDiscount = { productId: 'id-a', percent: 10, reason: 'Damaged package' };
const quotes = (calls: Call[]) => calls.filter((call) => call.path.endsWith('/ticket/quote'));
const creations = (calls: Call[]) => calls.filter((call) => call.path.endsWith('/ticket') && call.method === 'POST');

beforeEach(() => {
  sessionStorage.clear();
  signedInCashier();
});

describe("a sale's manual discounts", () => {
  it('are sent with every quote (never the PIN), dropped with their line, and forgotten with the sale', async () => {
    const calls = fakeService((call) => (call.path.endsWith('/quote') ? quoteOf(call.body) : { display: {} }));
    const cart = useCartStore();
    const manual = useManualDiscountsStore();
    cart.add(product({ name: 'a' }));
    cart.add(product({ name: 'b' }));
    await cart.settled();
    manual.give(TEN_OFF, { username: 'morgan', pin: '4816' });
    manual.give({ amount: 2, reason: 'Customer service' }, { username: 'morgan', pin: '4816' });
    cart.changed();
    await cart.settled();
    expect(quotes(calls).at(-1)!.body).toEqual({
      type: 'PICKUP',
      items: [
        { productId: 'id-a', quantity: 1 },
        { productId: 'id-b', quantity: 1 },
      ],
      manualDiscounts: [TEN_OFF, { amount: 2, reason: 'Customer service' }],
    });
    // The pole display shows what it saved under its line.
    const shown = calls.filter((call) => call.method === 'PUT').at(-1)!.body as { lines: { savings?: unknown }[] };
    expect(shown.lines[0]!.savings).toEqual([{ name: 'Manual discount', amount: 100 }]);

    // The line goes, and its discount with it (the service would refuse a product not on the ticket).
    cart.remove('id-a');
    await cart.settled();
    expect(quotes(calls).at(-1)!.body!.manualDiscounts).toEqual([{ amount: 2, reason: 'Customer service' }]);
    expect(manual.approval).toEqual({ username: 'morgan', pin: '4816' });

    cart.clear();
    expect(manual.given).toEqual([]);
    expect(manual.approval).toBeNull();
  });

  it('hold one per line and one for the sale: a second replaces the first, and a new one replaces the approval', () => {
    fakeService(() => ({ display: {} }));
    const manual = useManualDiscountsStore();
    manual.give(TEN_OFF, { username: 'morgan', pin: '4816' });
    manual.give({ ...TEN_OFF, percent: 20 }, null);
    expect(manual.given).toEqual([{ ...TEN_OFF, percent: 20 }]);
    expect(manual.approval).toBeNull();
    expect(manual.forLine('id-a')).toEqual({ ...TEN_OFF, percent: 20 });
    expect(manual.forSale).toBeUndefined();
    for (let index = 0; index < 9; index += 1) manual.give({ productId: `p${index}`, percent: 5, reason: 'x' }, null);
    expect(manual.tooMany({ percent: 5, reason: 'x' })).toBe(true);
    expect(manual.tooMany({ productId: 'p1', percent: 6, reason: 'x' })).toBe(false);
    manual.drop('id-a');
    manual.drop('p1');
    expect(manual.given).toHaveLength(8);
  });

  it('are priced before they are given: the refusal comes back to the dialog, and the cart keeps its own', async () => {
    const calls = fakeService((call) => {
      if (!call.path.endsWith('/quote')) return { display: {} };
      const manual = (call.body?.manualDiscounts ?? []) as ManualDiscount[];
      if (manual.some((discount) => (discount.amount ?? 0) > 10)) {
        return new Refusal(400, 'INVALID_INPUT', 'an amount off larger than the line (a, $10.00)');
      }
      return quoteOf(call.body, 'none');
    });
    const cart = useCartStore();
    cart.add(product({ name: 'a' }));
    await cart.settled();
    await expect(cart.priceWith([{ productId: 'id-a', amount: 12, reason: 'Price match' }])).rejects.toThrow(
      'an amount off larger than the line (a, $10.00)',
    );
    const priced = await cart.priceWith([{ productId: 'id-a', amount: 1, reason: 'Price match' }]);
    expect(priced.approvalNeeded).toBe(false);
    expect(useManualDiscountsStore().given).toEqual([]);
    expect(quotes(calls)).toHaveLength(3);
    expect(cart.quote?.total).toBe('10.00');
  });
});

describe("a manager's approval at pay time", () => {
  it('is asked before the ticket when the quote says the store needs one, then sent with the ticket', async () => {
    const calls = fakeService((call) => {
      if (call.path.endsWith('/quote')) return quoteOf(call.body);
      if (call.path.endsWith('/ticket') && call.method === 'POST') return ticketOf(call.body);
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    const manual = useManualDiscountsStore();
    cart.add(product({ name: 'a' }));
    manual.give(TEN_OFF, null);
    cart.changed();
    await checkout.start('display');
    expect(creations(calls)).toHaveLength(0);
    expect(checkout.step).toBe('cart');
    expect(manual.asking).toEqual({ where: 'display', refusal: '' });

    manual.approve({ username: 'morgan', pin: '4816' });
    await checkout.start('display');
    expect(creations(calls)).toHaveLength(1);
    expect(creations(calls)[0]!.body).toMatchObject({
      manualDiscounts: [TEN_OFF],
      approval: { username: 'morgan', pin: '4816' },
    });
    expect(quotes(calls).every((call) => call.body!.approval === undefined)).toBe(true);
    expect(checkout.step).toBe('display');
    await checkout.newSale();
    expect(manual.approval).toBeNull();
    expect(manual.given).toEqual([]);
  });

  it("asks again with the service's words when it refuses the PIN, and never sends the refused one again", async () => {
    let refuse = true;
    const calls = fakeService((call) => {
      if (call.path.endsWith('/quote')) return quoteOf(call.body);
      if (call.path.endsWith('/ticket') && call.method === 'POST') {
        return refuse ? new Refusal(403, 'APPROVAL_REQUIRED', "that is not Morgan Manager's PIN") : ticketOf(call.body);
      }
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    const manual = useManualDiscountsStore();
    cart.add(product({ name: 'a' }));
    manual.give(TEN_OFF, { username: 'morgan', pin: '1357' });
    cart.changed();
    await checkout.start('pos');
    expect(manual.asking).toEqual({ where: 'pos', refusal: "That is not Morgan Manager's PIN." });
    expect(manual.approval).toBeNull();
    expect(checkout.notice).toBe('');
    expect(checkout.step).toBe('cart');

    refuse = false;
    manual.approve({ username: 'morgan', pin: '4816' });
    await checkout.start('pos');
    const sent = creations(calls).map((call) => call.body!.approval);
    expect(sent).toEqual([
      { username: 'morgan', pin: '1357' },
      { username: 'morgan', pin: '4816' },
    ]);
    expect(checkout.step).toBe('pos');
    expect(manual.asking).toBeNull();
  });

  it('is not asked where the quote says none is needed (a manager, or a store asking for none)', async () => {
    const calls = fakeService((call) => {
      if (call.path.endsWith('/quote')) return quoteOf(call.body, 'none');
      if (call.path.endsWith('/ticket') && call.method === 'POST') return ticketOf(call.body);
      return { display: {} };
    });
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    cart.add(product({ name: 'a' }));
    useManualDiscountsStore().give(TEN_OFF, null);
    cart.changed();
    await checkout.start('display');
    expect(creations(calls)[0]!.body).toEqual({
      type: 'PICKUP',
      items: [{ productId: 'id-a', quantity: 1 }],
      manualDiscounts: [TEN_OFF],
    });
    expect(useManualDiscountsStore().asking).toBeNull();
  });

  it('covers the reward dollars by hand it was given with: more typed after it asks again', async () => {
    const calls = fakeService((call) => {
      if (call.path.endsWith('/quote')) return quoteOf(call.body);
      if (call.path.endsWith('/ticket') && call.method === 'POST') return ticketOf(call.body);
      return { display: {} };
    });
    useCatalogStore().loyaltyOn = false;
    const cart = useCartStore();
    const checkout = useCheckoutStore();
    const manual = useManualDiscountsStore();
    cart.add(product({ name: 'a' }));
    cart.rewardDollars = 2;
    cart.changed();
    await checkout.start('pos');
    expect(manual.asking).toEqual({ where: 'pos', refusal: '' });
    manual.approve({ username: 'morgan', pin: '4816' }, 200);

    // The cashier types more before paying: the manager approved $2.00, not $5.00.
    cart.rewardDollars = 5;
    cart.changed();
    await checkout.start('pos');
    expect(creations(calls)).toHaveLength(0);
    expect(manual.asking).toEqual({ where: 'pos', refusal: '' });
    manual.approve({ username: 'morgan', pin: '4816' }, 500);
    await checkout.start('pos');
    expect(creations(calls)[0]!.body).toMatchObject({
      rewardDollars: 5,
      approval: { username: 'morgan', pin: '4816' },
    });
  });

  it("is not asked again at pay time for the reward dollars a discount's approval saw", async () => {
    const calls = fakeService((call) => {
      if (call.path.endsWith('/quote')) return quoteOf(call.body);
      if (call.path.endsWith('/ticket') && call.method === 'POST') return ticketOf(call.body);
      return { display: {} };
    });
    useCatalogStore().loyaltyOn = false;
    const cart = useCartStore();
    const manual = useManualDiscountsStore();
    cart.add(product({ name: 'a' }));
    cart.rewardDollars = 3;
    // The discount's dialog: the manager approved the sale with its $3.00 of reward dollars.
    manual.give(TEN_OFF, { username: 'morgan', pin: '4816' }, 300);
    cart.changed();
    await useCheckoutStore().start('pos');
    expect(manual.asking).toBeNull();
    expect(creations(calls)[0]!.body).toMatchObject({
      rewardDollars: 3,
      approval: { username: 'morgan', pin: '4816' },
    });
    // A discount given where none was needed approves nothing: reward dollars typed later are asked for.
    manual.give(TEN_OFF, null, 300);
    expect(manual.rewardApproved).toBe(0);
  });
});
