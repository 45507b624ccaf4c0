import { describe, expect, it, vi } from 'vitest';
import type { DisplayState } from '../../../../shared/contracts/display';
import type { OrderUpdate } from '../../../../shared/contracts/live';
import {
  counterAfter,
  counterPaidWords,
  paidAtThisRegister,
  paidInFull,
  partPaid,
} from '../../../../renderer/display/logic/counter-payment';
import { useCounterPayment } from '../../../../renderer/display/logic/use-counter-payment';

const totals = (total: number) => ({ subtotal: total, discount: 0, tax: 0, rewardDollars: 0, total });
const cart = (total: number): DisplayState => ({ phase: 'cart', lines: [], totals: totals(total), customerName: null });
const ORDER = '0b9c1f5e-3c55-4a0e-9a43-5b1f0d6c2a11';
const payment = (total: number, amount: number): DisplayState => ({
  phase: 'payment',
  lines: [],
  totals: totals(total),
  payment: { orderId: ORDER, orderNumber: 'TGDK6P', amount, taxes: 0, discount: 0, rewardDollars: 0 },
});
const update = (total: string, terminalId: string | null = 'front-1'): OrderUpdate => ({
  orderId: ORDER,
  orderNumber: 'TGDK6P',
  status: 'AWAITING_PROCESSING',
  paymentStatus: 'UNPAID',
  source: 'register',
  total,
  createdAt: '2030-01-01T10:00:00.000Z',
  updatedAt: '2030-01-01T10:01:00.000Z',
  payment: { paymentId: 'p-1', terminalId, channel: 'pos' },
});
const updated = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the counter’s payment on the display', () => {
  it('says what is paid and left once part of the total is paid, nothing before or once all is', () => {
    expect(partPaid({ total: 15389, paid: 1000, payCashier: false })).toEqual({ paid: 1000, left: 14389 });
    expect(partPaid({ total: 15389, paid: 0, payCashier: true })).toBeNull();
    expect(partPaid({ total: 15389, paid: 15389, payCashier: false })).toBeNull();
    expect(counterPaidWords({ total: 15389, paid: 1000, payCashier: false })).toEqual({
      paid: 'Paid $10.00',
      left: '$143.89 left to pay',
    });
    expect(counterPaidWords({ total: 15389, paid: 0, payCashier: true })).toBeNull();
    expect(counterPaidWords(null)).toBeNull();
  });

  it('says an order its payments cover needs nothing more, never its total as if it were due', () => {
    expect(paidInFull({ total: 3549, paid: 3549, payCashier: false })).toBe(3549);
    expect(paidInFull({ total: 3549, paid: 1000, payCashier: false })).toBeNull();
    expect(paidInFull(null)).toBeNull();
    expect(counterPaidWords({ total: 3549, paid: 3549, payCashier: false })).toEqual({
      paid: 'Paid $35.49',
      left: 'Nothing left to pay',
    });
  });

  it('an order shown with what its payments paid before (online, in part or in full) says what is left at once', () => {
    const shown = (total: number, paid: number): DisplayState => ({ ...cart(total), paid }) as DisplayState;
    expect(counterAfter(null, { phase: 'idle' }, shown(1479, 500), false)).toEqual({
      total: 1479,
      paid: 500,
      payCashier: false,
    });
    expect(counterAfter(null, { phase: 'idle' }, shown(3549, 3549), false)).toEqual({
      total: 3549,
      paid: 3549,
      payCashier: false,
    });
    // A payment heard since (larger) stands; the customer's cash choice is kept.
    const heard = { total: 1479, paid: 1000, payCashier: false };
    expect(counterAfter(heard, cart(1479), shown(1479, 500), false)).toBe(heard);
    expect(counterAfter(null, payment(1479, 979), shown(1479, 500), true)).toEqual({
      total: 1479,
      paid: 500,
      payCashier: true,
    });
  });

  it('a payment handed back to the counter keeps what was paid before it, and the customer’s cash', () => {
    expect(counterAfter(null, payment(15389, 14389), cart(15389), true)).toEqual({
      total: 15389,
      paid: 1000,
      payCashier: true,
    });
    const kept = { total: 15389, paid: 1000, payCashier: false };
    // The same cart sent again keeps it; another cart, the display's payment, thanks or idle end it.
    expect(counterAfter(kept, cart(15389), cart(15389), false)).toBe(kept);
    expect(counterAfter(kept, cart(15389), cart(2000), false)).toBeNull();
    expect(counterAfter(kept, cart(15389), payment(15389, 14389), false)).toBeNull();
    expect(counterAfter(kept, cart(15389), { phase: 'idle' }, false)).toBeNull();
    // A sale's cart after the selling: nothing paid yet, nothing to say.
    expect(counterAfter(null, cart(15389), cart(15389), false)).toBeNull();
  });

  it('hears of a payment at this register of an order as large as the cart only', () => {
    expect(paidAtThisRegister(update('153.89'), 'front-1', cart(15389))).toBe(true);
    expect(paidAtThisRegister(update('153.89', 'front-2'), 'front-1', cart(15389))).toBe(false);
    expect(paidAtThisRegister(update('153.89', null), 'front-1', cart(15389))).toBe(false);
    expect(paidAtThisRegister(update('20.00'), 'front-1', cart(15389))).toBe(false);
    expect(paidAtThisRegister(update('153.89'), 'front-1', payment(15389, 15389))).toBe(false);
    expect(paidAtThisRegister({ ...update('153.89'), status: 'CANCELED' }, 'front-1', cart(15389))).toBe(false);
  });

  it('cash chosen on the display asks the customer to pay the cashier until a payment is taken there', async () => {
    const paidOf = vi.fn(async () => 1000);
    const counter = useCounterPayment('front-1', paidOf);
    counter.showing(payment(15389, 15389));
    counter.cashChosen(ORDER);
    counter.showing(cart(15389));
    expect(counter.counter.value).toEqual({ total: 15389, paid: 0, payCashier: true });
    await counter.orderUpdated(update('153.89'));
    expect(paidOf).toHaveBeenCalledWith('TGDK6P');
    expect(counter.counter.value).toEqual({ total: 15389, paid: 1000, payCashier: false });
    // The sale ends: the thank-you, then another sale's cart with the same total says nothing.
    counter.showing({ phase: 'idle' });
    counter.showing(cart(15389));
    expect(counter.counter.value).toBeNull();
  });

  it('a payment taken at the counter first is said; an answer after the sale moved on is not', async () => {
    let answer: (paid: number) => void = () => undefined;
    const counter = useCounterPayment('front-1', () => new Promise<number>((resolve) => (answer = resolve)));
    counter.showing(cart(15389));
    const heard = counter.orderUpdated(update('153.89'));
    counter.showing({ phase: 'idle' });
    answer(1000);
    await heard;
    await updated();
    expect(counter.counter.value).toBeNull();
    counter.showing(cart(15389));
    const again = counter.orderUpdated(update('153.89'));
    answer(1000);
    await again;
    expect(counter.counter.value).toEqual({ total: 15389, paid: 1000, payCashier: false });
  });
});
