import { describe, expect, it } from 'vitest';
import type { PaymentRecord, PaymentSession, PendingPayment } from '../../../../shared/contracts/payment';
import { isNewerView, lastChange } from '../../../../renderer/sdk/widget/session-order';

// The widget hears of its session twice: in the answers to its own requests and in the session's
// events. An answer written before a change can arrive after it (the PIN pad read the card while the
// answer that started the payment was on its way): the older view must not put a step back on screen.
const T0 = '2026-12-03T15:00:00.000Z';
const T1 = '2026-12-03T15:00:00.004Z';

const payment = (updatedAt: string, status: PaymentRecord['status'] = 'pending') =>
  ({ id: 'pay-1', status, updatedAt }) as PaymentRecord;
const pending = (stage: PendingPayment['stage']) => ({ id: 'pay-1', stage }) as PendingPayment;
const view = (updatedAt: string, payments: PaymentRecord[], waiting: PendingPayment | null): PaymentSession =>
  ({ sessionId: 's-1', updatedAt, payments, pending: waiting }) as PaymentSession;

const opened = view(T0, [], null);
const atPinPad = view(T0, [payment(T0)], pending('awaiting_device'));
const cardRead = view(T0, [payment(T1)], pending('processing'));
const cardReadSameMoment = view(T0, [payment(T0)], pending('processing'));
const approved = view(T1, [payment(T1, 'approved')], null);

describe("the widget's views of its session, in the order they happened", () => {
  it("dates a view by its last change, its payments' included", () => {
    expect(lastChange(atPinPad)).toBe(T0);
    expect(lastChange(cardRead)).toBe(T1);
    expect(lastChange(approved)).toBe(T1);
  });

  it('takes a later view, and never an earlier one that arrives after it', () => {
    expect(isNewerView(atPinPad, opened)).toBe(true);
    expect(isNewerView(cardRead, atPinPad)).toBe(true);
    expect(isNewerView(atPinPad, cardRead)).toBe(false);
    expect(isNewerView(approved, cardRead)).toBe(true);
    expect(isNewerView(cardRead, approved)).toBe(false);
  });

  it('within one millisecond, takes what goes on and refuses what goes back', () => {
    expect(isNewerView(cardReadSameMoment, atPinPad)).toBe(true);
    expect(isNewerView(atPinPad, cardReadSameMoment)).toBe(false);
    // A payment started in the millisecond the session opened.
    expect(isNewerView(atPinPad, opened)).toBe(true);
    expect(isNewerView(opened, atPinPad)).toBe(false);
    // The same view again changes nothing, and is taken (it may carry a newer order total).
    expect(isNewerView(atPinPad, atPinPad)).toBe(true);
  });
});
