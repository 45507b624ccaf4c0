// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { mount } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderHistoryStep } from '../../../../shared/contracts/order-history.js';
import OrderHistory from '../../../../renderer/backoffice/components/OrderHistory.vue';
import { useOrderHistoryStore } from '../../../../renderer/backoffice/stores/order-history.js';
import { signedIn } from './fake-service.js';

/**
 * A refund by items on the order's history: the manager's words in quotes, the items that came back
 * after them in plain words (the service's note, not something the manager wrote).
 */
const ITEMS = 'Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock';
const refund = (over: Partial<OrderHistoryStep>): OrderHistoryStep => ({
  at: '2026-12-05T20:00:00.000Z',
  kind: 'refund',
  from: null,
  to: null,
  method: 'Cash',
  amount: 4314,
  reason: '',
  details: '',
  by: 'Morgan Manager',
  ...over,
});

function shown(steps: OrderHistoryStep[], customerName: string | null = 'Maria Garcia'): string[] {
  const store = useOrderHistoryStore();
  store.history = {
    resultCode: 'SUCCESS',
    resultReason: null,
    orderId: 'o1',
    source: 'register',
    customerName,
    steps,
  };
  const view = mount(OrderHistory, { global: { plugins: [getActivePinia()!] } });
  const lines = view.findAll('li .what').map((line) => line.text().replace(/\s+/g, ' '));
  view.unmount();
  return lines;
}

beforeEach(() => signedIn(['ticket:read']));

describe('a refund by items on the order history', () => {
  it('quotes the manager’s words alone and says the items back apart', () => {
    const [line] = shown([refund({ reason: 'Customer returned one.', details: ITEMS })]);
    expect(line).toBe(`$43.14 of the Cash payment refunded by Morgan Manager: “Customer returned one.” · ${ITEMS}`);
  });

  it('says the items back without quotes when the manager gave no reason', () => {
    expect(shown([refund({ details: ITEMS })])).toEqual([
      `$43.14 of the Cash payment refunded by Morgan Manager: ${ITEMS}`,
    ]);
  });

  it('says the points it moved after who refunded and why, so they never read as the manager’s', () => {
    const points = { takenBack: 8, givenBack: 9 };
    expect(shown([refund({ points }), refund({ points, reason: 'Damaged', details: ITEMS })])).toEqual([
      '$43.14 of the Cash payment refunded by Morgan Manager · 8 points taken back from Maria Garcia, 9 given back',
      `$43.14 of the Cash payment refunded by Morgan Manager: “Damaged” · 8 points taken back from Maria Garcia, 9 given back · ${ITEMS}`,
    ]);
  });

  it('quotes a reason as before when nothing else was noted', () => {
    expect(shown([refund({ reason: 'Overcharged' })])).toEqual([
      '$43.14 of the Cash payment refunded by Morgan Manager: “Overcharged”',
    ]);
  });
});
