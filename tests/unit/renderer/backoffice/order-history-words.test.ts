import { describe, expect, it } from 'vitest';
import type { OrderHistory, OrderHistoryStep } from '../../../../shared/contracts/order-history';
import { historyLines } from '../../../../renderer/backoffice/logic/order-history-words';

const none = { from: null, to: null, method: null, amount: null, reason: '', details: '', by: '' };
const step = (at: string, over: Partial<OrderHistoryStep>): OrderHistoryStep => ({
  ...none,
  kind: 'status',
  at,
  ...over,
});
const NOW = new Date('2026-12-05T23:00:00Z');
const ZONE = 'America/Los_Angeles';

describe("an order's history in words", () => {
  it('says each step of an online order with the store’s time and who by name', () => {
    const history: OrderHistory = {
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: 'o1',
      source: 'online',
      customerName: 'Maria Lopez',
      steps: [
        step('2026-12-05T15:36:00Z', { to: 'AWAITING_PROCESSING', by: 'Online shop' }),
        step('2026-12-05T16:02:00Z', { from: 'AWAITING_PROCESSING', to: 'IN_PROCESS', by: 'Pat Picker' }),
        step('2026-12-05T16:10:00Z', { from: 'IN_PROCESS', to: 'PACKED_READY', by: 'Pat Picker' }),
        step('2026-12-05T18:30:00Z', { kind: 'payment', method: 'Cash', amount: 4026, by: 'Casey Cashier' }),
        step('2026-12-05T18:31:00Z', { from: 'PACKED_READY', to: 'COMPLETED', by: 'Casey Cashier' }),
        step('2026-12-05T20:00:00Z', {
          kind: 'refund',
          method: 'Cash',
          amount: 2219,
          reason: 'Returned',
          by: 'Morgan Manager',
        }),
      ],
    };
    expect(historyLines(history, ZONE, NOW)).toEqual([
      { what: 'Ordered online', when: 'Today, 7:36\u00a0AM', by: 'by Online shop', why: '', points: '', details: '' },
      { what: 'Picking started', when: 'Today, 8:02\u00a0AM', by: 'by Pat Picker', why: '', points: '', details: '' },
      {
        what: 'Packed, ready for pickup',
        when: 'Today, 8:10\u00a0AM',
        by: 'by Pat Picker',
        why: '',
        points: '',
        details: '',
      },
      {
        what: 'Cash payment of $40.26 taken',
        when: 'Today, 10:30\u00a0AM',
        by: 'by Casey Cashier',
        why: '',
        points: '',
        details: '',
      },
      { what: 'Picked up', when: 'Today, 10:31\u00a0AM', by: 'by Casey Cashier', why: '', points: '', details: '' },
      {
        what: '$22.19 of the Cash payment refunded',
        when: 'Today, 12:00\u00a0PM',
        by: 'by Morgan Manager',
        why: 'Returned',
        points: '',
        details: '',
      },
    ]);
  });

  it('words a register sale, a void that reopens it, a capture and a cancel; says no one when not known', () => {
    const history: OrderHistory = {
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: 'o2',
      source: 'register',
      customerName: null,
      steps: [
        step('2026-12-04T18:00:00Z', { to: 'AWAITING_PROCESSING' }),
        step('2026-12-04T18:01:00Z', { from: 'AWAITING_PROCESSING', to: 'PAID', by: 'Casey Cashier' }),
        step('2026-12-04T18:02:00Z', { kind: 'void', method: 'Credit', amount: 1000, reason: 'Wrong card' }),
        step('2026-12-04T18:02:00Z', { from: 'PAID', to: 'AWAITING_PROCESSING' }),
        step('2026-12-04T18:03:00Z', { from: 'AWAITING_PROCESSING', to: 'AUTHORIZED' }),
        step('2026-12-04T18:04:00Z', { from: 'AUTHORIZED', to: 'PAID' }),
        step('2026-12-04T18:05:00Z', { from: 'PAID', to: 'COMPLETED' }),
        step('2026-12-04T18:06:00Z', { from: 'PACKED_READY', to: 'IN_PROCESS' }),
        step('2026-12-04T18:07:00Z', { from: 'AWAITING_PROCESSING', to: 'CANCELED', by: 'ServicePay' }),
      ],
    };
    const lines = historyLines(history, ZONE, NOW);
    expect(lines.map((line) => line.what)).toEqual([
      'Rung up at a register',
      'Paid in full',
      'Credit card payment of $10.00 voided',
      'Reopened: awaiting payment again',
      'Payment authorized, not captured yet',
      'Authorized payment captured: paid in full',
      'Handed over',
      'Unpacked: being picked again',
      'Canceled',
    ]);
    expect(lines[0]).toMatchObject({ when: 'Yesterday, 10:00\u00a0AM', by: '' });
    expect(lines[2]!.why).toBe('Wrong card');
    expect(lines[8]!.by).toBe('by ServicePay');
  });

  it('keeps a refund by items’ lines apart from the words the manager gave', () => {
    const history: OrderHistory = {
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: 'o3',
      source: 'register',
      customerName: null,
      steps: [
        step('2026-12-05T20:00:00Z', {
          kind: 'refund',
          method: 'Cash',
          amount: 4314,
          reason: 'Customer returned one.',
          details: 'Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock',
          by: 'Morgan Manager',
        }),
      ],
    };
    expect(historyLines(history, ZONE, NOW)[0]).toMatchObject({
      why: 'Customer returned one.',
      details: 'Items back: 1 × Blue Dream 3.5g ($43.14); put back in stock',
    });
  });

  it('names the points a cancel, a void and a refund moved, and whose they were', () => {
    const history: OrderHistory = {
      resultCode: 'SUCCESS',
      resultReason: null,
      orderId: 'o4',
      source: 'register',
      customerName: 'Jane Doe',
      steps: [
        step('2026-12-05T18:00:00Z', { to: 'AWAITING_PROCESSING' }),
        step('2026-12-05T18:05:00Z', {
          from: 'AWAITING_PROCESSING',
          to: 'CANCELED',
          reason: 'Changed her mind',
          by: 'Casey Cashier',
          points: { takenBack: 0, givenBack: 120 },
        }),
      ],
    };
    expect(historyLines(history, ZONE, NOW).map(({ what, points }) => [what, points])).toEqual([
      ['Rung up at a register', ''],
      ['Canceled', '120 points given back to Jane Doe'],
    ]);
    const refund = step('2026-12-05T20:00:00Z', { kind: 'refund', method: 'Cash', amount: 2219 });
    const voided = step('2026-12-05T20:05:00Z', { kind: 'void', method: 'Credit', amount: 1000 });
    const moved: OrderHistory = {
      ...history,
      steps: [
        { ...refund, points: { takenBack: 18, givenBack: 31 } },
        { ...voided, points: { takenBack: 1, givenBack: 0 } },
      ],
    };
    expect(historyLines(moved, ZONE, NOW).map(({ what, points }) => [what, points])).toEqual([
      ['$22.19 of the Cash payment refunded', '18 points taken back from Jane Doe, 31 given back'],
      ['Credit card payment of $10.00 voided', '1 point taken back from Jane Doe'],
    ]);
  });
});
