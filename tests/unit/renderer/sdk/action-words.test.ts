// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { PaymentRecord, PaymentSession, PendingPayment } from '../../../../shared/contracts/payment';
import { createWidget } from '../../../../renderer/sdk/widget/app';
import { cardForm } from '../../../../renderer/sdk/widget/components/card-form';
import { paylinkWait } from '../../../../renderer/sdk/widget/components/paylink-wait';
import { pinpadWait } from '../../../../renderer/sdk/widget/components/pinpad-wait';
import { resultScreen } from '../../../../renderer/sdk/widget/components/result-screen';
import type { WidgetContext } from '../../../../renderer/sdk/widget/context';
import type { OfferedMethod } from '../../../../renderer/sdk/widget/methods';
import { createState, type Outcome } from '../../../../renderer/sdk/widget/widget-state';

/**
 * One action, one label: every screen that offers the same step names it with the same words, so a
 * shopper who read "Choose another way to pay" after a cancel finds the same button after a decline.
 * Each button of each screen is pressed, and the label is noted under the action it took.
 */
const CARD = { paymentMethod: 'Credit', label: 'Credit card', entry: 'keyed' } as OfferedMethod;
const CASH = { paymentMethod: 'Cash', label: 'Cash', entry: 'cash' } as OfferedMethod;
const PENDING = { id: 'p-1', paymentMethod: 'Debit', amount: 1110, prompt: '', paylinkUrl: '/p' } as PendingPayment;
const SESSION = {
  sessionId: 's-1',
  status: 'open',
  entityName: 'Mesa',
  ticketAlphaNumId: 'UEMA2R',
  order: null,
  amountDue: 1110,
  amountPaid: 0,
  methods: [],
  payments: [],
  pending: null,
} as unknown as PaymentSession;

function labelsByAction() {
  const seen = new Map<string, Set<string>>();
  let pressed = '';
  const note = (action: string) => () => void (pressed = action);
  const controller = {
    backToChoice: note('choose again'),
    tryAgain: note('try again'),
    cancel: note('cancel'),
    reopenPaylink: note('reopen'),
    pay: note('pay'),
  };
  const restart = (keepMethod: boolean) => note(keepMethod ? 'same event' : 'choose again')();
  const state = createState();
  Object.assign(state, { ready: true, session: SESSION, options: { channel: 'ecommerce' } });
  const context = { state, controller, bridge: { send: () => undefined }, restart } as unknown as WidgetContext;
  const press = (screen: HTMLElement) => {
    for (const button of screen.querySelectorAll<HTMLButtonElement>('button[type="button"]')) {
      pressed = '';
      button.click();
      if (!pressed) continue;
      const labels = seen.get(pressed) ?? new Set<string>();
      labels.add(button.textContent!.trim());
      seen.set(pressed, labels);
    }
  };
  const outcome = (kind: Outcome['kind']): Outcome => ({
    kind,
    title: kind === 'declined' ? 'Payment declined' : 'Payment canceled',
    message: '',
    record: kind === 'declined' ? ({ status: 'declined', processorResponseCode: '05' } as PaymentRecord) : null,
    method: CARD,
  });
  return { seen, press, context, state, outcome };
}

describe('the widget’s words for one action', () => {
  it('are the same on every screen that offers it: "Choose another way to pay", "Cancel payment"', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe = () => undefined;
        disconnect = () => undefined;
      },
    );
    const { seen, press, context, state, outcome } = labelsByAction();
    press(resultScreen(context, outcome('declined')));
    press(resultScreen(context, outcome('canceled')));
    press(cardForm(context, CARD));
    press(pinpadWait(context, () => PENDING));
    state.options = { ...state.options!, paylinkDeliveryMethod: 'redirect' };
    press(paylinkWait(context, () => PENDING));
    state.chosen = CASH; // not at a register: "Please pay the cashier"
    press(createWidget(context));
    vi.unstubAllGlobals();

    expect(seen.get('choose again')).toEqual(new Set(['Choose another way to pay']));
    expect(seen.get('cancel')).toEqual(new Set(['Cancel payment']));
    for (const [action, labels] of seen) expect([action, labels.size]).toEqual([action, 1]);
  });
});

describe('the mark above an outcome', () => {
  it('is "!" for a decline and none for a cancel the shopper or cashier chose', () => {
    const { context, outcome } = labelsByAction();
    expect(resultScreen(context, outcome('declined')).querySelector('.icon')?.textContent).toBe('!');
    const canceled = resultScreen(context, outcome('canceled'));
    expect(canceled.querySelector('.icon')).toBeNull();
    expect(canceled.querySelector('h2')?.textContent).toBe('Payment canceled');
  });
});
