// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Verification } from '../../../../shared/contracts/customers.js';
import { useCatalogStore } from '../../../../renderer/pos/stores/catalog.js';
import { useCheckoutStore } from '../../../../renderer/pos/stores/checkout.js';
import { useHandOverStore } from '../../../../renderer/pos/stores/hand-over.js';
import { useIdCheckStore } from '../../../../renderer/pos/stores/id-check.js';
import { useSaleRulesStore } from '../../../../renderer/pos/stores/sale-rules.js';
import { CALIFORNIA } from '../../../support/state-profiles.js';
import { customer } from '../customer-fixture.js';
import { queued } from './queue-fixtures.js';
import { signedInCashier } from './signed-in.js';

/**
 * An online order of cannabis, paid, opened again at the counter after its customer's ID was
 * checked (Back to online orders, then Hand over again): the register does not ask for the ID again
 * while the check holds under the store's rules (its customer, the store's same day), and says who
 * checked it and when; on the store's next day it asks again, and says why.
 */
const ORDER = queued({ orderNumber: 'KEPT42', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });
const ADA = customer('c1', 'Ada', 'Lovelace');
const NBSP = '\u00a0';

/** The service: the order, packed, paid, naming Ada; its completion; nothing else to say. */
function fakeService() {
  const moves: unknown[] = [];
  const ticket = (fulfillmentStatus: string) => ({
    orderId: ORDER.orderId,
    orderNumber: ORDER.orderNumber,
    status: fulfillmentStatus,
    fulfillmentStatus,
    paymentStatus: 'PAID',
    source: 'online',
    customerId: ADA.id,
    items: [
      {
        productId: 'p1',
        lineIndex: 0,
        type: 'FLOWER',
        name: 'Blue Dream 3.5g',
        brand: 'Humboldt Hills',
        size: '3.5g',
        unitType: 'each',
        deli: false,
        quantity: 1,
        priceSell: '35.00',
        originalPrice: 35,
        discountDescription: '',
        discounts: [],
      },
    ],
    subTotal: '35.00',
    discount: '0.00',
    tierDiscount: '0.00',
    tax: '3.50',
    payByPoints: '0.00',
    total: '38.50',
    unavailableItems: [],
  });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url).pathname;
    const answer = (body: object) => new Response(JSON.stringify(body), { status: 200 });
    if (path.endsWith('/lend')) return answer({ resultCode: 'SUCCESS', lent: false });
    if (path.endsWith('/status')) {
      const { status } = JSON.parse(String(init.body)) as { status: string };
      moves.push(status);
      return answer(ticket(status));
    }
    if (path.endsWith(`/ticket/${ORDER.orderId}`)) return answer(ticket('PACKED_READY'));
    if (path === '/v2.0/payments') return answer({ payments: [], nextCursor: null });
    if (path.endsWith('/pickup-queue')) return answer({ asOf: new Date().toISOString(), orders: [], truncated: false });
    return answer({ resultCode: 'SUCCESS' });
  });
  return moves;
}

/** The cashier checks Ada's ID in the dialog and hands the order to her. */
function checkAda(): void {
  const handOver = useHandOverStore();
  handOver.checkId();
  const check = useIdCheckStore();
  check.step = 'checked';
  check.customer = ADA;
  check.verification = { verified: true, age: 36 } as Verification['verification'];
  handOver.acceptChecked();
}

/** Back to online orders, then the order opened again. */
async function reopen(): Promise<void> {
  await useCheckoutStore().cancelSale();
  expect(await useHandOverStore().open(ORDER)).toBe(true);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 10:05 AM in Los Angeles, November 27.
  vi.setSystemTime(new Date('2026-11-27T18:05:00.000Z'));
  localStorage.clear();
  signedInCashier();
  useSaleRulesStore().rules = CALIFORNIA;
  useCatalogStore().timeZone = 'America/Los_Angeles';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('an online order opened again after its ID was checked', () => {
  it("the same day: is not asked again, and says who checked it and when in the store's time", async () => {
    const moves = fakeService();
    const handOver = useHandOverStore();
    expect(await handOver.open(ORDER)).toBe(true);
    expect(handOver.idChecked).toBe(false);
    expect(handOver.idWords).toBe('ID check needed: the order is for Ada L.');
    checkAda();
    expect(handOver.idWords).toBe('ID checked: the customer on the order.');

    vi.setSystemTime(new Date('2026-11-27T22:40:00.000Z'));
    await reopen();
    expect(handOver.idChecked).toBe(true);
    expect(handOver.idWords).toBe(`ID checked by Casey today at 10:05${NBSP}AM${NBSP}PST: the customer on the order.`);
    // Handed over straight away; the check kept for it goes with it.
    await handOver.proceed('pos');
    expect(moves).toEqual(['COMPLETED']);
    expect(localStorage.getItem('servicepay.pos.id-checks.front-7')).toBeNull();
  });

  it("the store's next day: asks for the ID again, and says why", async () => {
    fakeService();
    const handOver = useHandOverStore();
    await handOver.open(ORDER);
    checkAda();

    // Just past midnight in Los Angeles.
    vi.setSystemTime(new Date('2026-11-28T08:01:00.000Z'));
    await reopen();
    expect(handOver.idChecked).toBe(false);
    expect(handOver.idWords).toBe(
      'ID check needed: the order is for Ada L. ' +
        `Casey checked the ID yesterday at 10:05${NBSP}AM${NBSP}PST: a check holds only on the store's day it was made.`,
    );
    // Checked again, the line says so plainly.
    checkAda();
    expect(handOver.idChecked).toBe(true);
    expect(handOver.idWords).toBe('ID checked: the customer on the order.');
  });

  it('someone else found: nothing is kept, and the order still asks for its customer', async () => {
    fakeService();
    const handOver = useHandOverStore();
    await handOver.open(ORDER);
    handOver.checkId();
    const check = useIdCheckStore();
    check.step = 'checked';
    check.customer = customer('c2', 'Bob', 'Smith');
    check.verification = { verified: true, age: 40 } as Verification['verification'];
    handOver.acceptChecked();
    expect(handOver.idChecked).toBe(false);
    await reopen();
    expect(handOver.idChecked).toBe(false);
    expect(handOver.idWords).toBe('ID check needed: the order is for Ada L.');
    expect(localStorage.getItem('servicepay.pos.id-checks.front-7')).toBeNull();
  });
});
