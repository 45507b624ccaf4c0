// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSession } from '../../../../shared/contracts/payment';
import { createWidget } from '../../../../renderer/sdk/widget/app';
import type { WidgetContext } from '../../../../renderer/sdk/widget/context';
import type { OfferedMethod } from '../../../../renderer/sdk/widget/methods';
import { createState } from '../../../../renderer/sdk/widget/widget-state';
import { updated } from './cash-at-counter';

const CARD = { paymentMethod: 'Credit', label: 'Credit card', entry: 'keyed' } as OfferedMethod;
const CASH = { paymentMethod: 'Cash', label: 'Cash', entry: 'cash' } as OfferedMethod;
const SESSION = {
  sessionId: 's-1',
  status: 'open',
  entityName: 'Mesa',
  order: null,
  amountDue: 1636,
  amountPaid: 0,
  methods: [],
  payments: [],
  pending: null,
} as unknown as PaymentSession;

/** The widget at the register (channel `pos`), on its choice of method, in a document that has the focus. */
function widgetAtRegister() {
  const state = createState();
  Object.assign(state, { ready: true, session: SESSION, options: { channel: 'pos' } });
  const context = {
    state,
    controller: { pay: vi.fn(), backToChoice: () => (state.chosen = null) },
    bridge: { send: () => undefined },
  } as unknown as WidgetContext;
  const root = createWidget(context);
  document.body.replaceChildren(root);
  return { state, root };
}

describe('the focus when the widget shows a new screen', () => {
  beforeEach(() =>
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe = () => undefined;
        disconnect = () => undefined;
      },
    ),
  );
  afterEach(() => vi.unstubAllGlobals());

  it('is on the cash received, in a form named "Cash": what the cashier types next lands in the field', async () => {
    const { state, root } = widgetAtRegister();
    state.chosen = CASH;
    await updated();
    const field = root.querySelector<HTMLInputElement>('#tendered')!;
    expect(document.activeElement).toBe(field);
    expect(root.querySelector(`label[for="${field.id}"]`)?.textContent).toBe('Cash received ($)');
    const form = field.closest('form')!;
    expect(document.getElementById(form.getAttribute('aria-labelledby')!)?.textContent).toBe('Cash');
  });

  it('is on the heading of a screen with nothing to type first (the card form too: a screen reader starts there)', async () => {
    const { state, root } = widgetAtRegister();
    state.chosen = CARD;
    await updated();
    expect(document.activeElement).toBe(root.querySelector('h2'));
    expect(document.activeElement?.textContent).toBe('Pay by card');
    state.chosen = null;
    await updated();
    expect(document.activeElement?.textContent).toBe('How would you like to pay?');
  });

  it('is never taken from the host page: a document without the focus keeps it where it is', async () => {
    const { state } = widgetAtRegister();
    const hasFocus = vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    const before = document.activeElement;
    state.chosen = CASH;
    await updated();
    expect(document.activeElement).toBe(before);
    hasFocus.mockRestore();
  });
});
