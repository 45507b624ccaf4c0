// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PaymentSession } from '../../../../shared/contracts/payment';
import { createWidget } from '../../../../renderer/sdk/widget/app';
import type { WidgetContext } from '../../../../renderer/sdk/widget/context';
import { createState } from '../../../../renderer/sdk/widget/widget-state';

/**
 * The widget names one payee: the payment's own (its event's `entityName`, as the service keeps it),
 * so the POS, whose configuration names the store's owner ("Green Valley Holdings"), says the store's
 * name ("Green Valley Dispensary") as the pole display does.
 */
const session = (entityName: string) =>
  ({
    sessionId: 's-1',
    status: 'open',
    entityName,
    ticketAlphaNumId: 'UEMA2R',
    order: null,
    amountDue: 1110,
    amountPaid: 0,
    methods: [],
    payments: [],
    pending: null,
  }) as unknown as PaymentSession;

function heading(fields: { entityName: string; session: PaymentSession | null }): string {
  const state = createState();
  Object.assign(state, { ready: true, options: { channel: 'pos' }, ...fields });
  const noop = () => undefined;
  const controller = { backToChoice: noop, tryAgain: noop, cancel: noop, reopenPaylink: noop, pay: noop };
  const context = { state, controller, bridge: { send: noop }, restart: noop } as unknown as WidgetContext;
  return createWidget(context).querySelector('h1')!.textContent!;
}

describe('who the widget says the customer pays', () => {
  it("is the payment's payee once a payment is open, not the configuration's owner", () => {
    expect(heading({ entityName: 'Green Valley Holdings', session: session('Green Valley Dispensary') })).toBe(
      'Payment to Green Valley Dispensary',
    );
  });

  it("is init's (or the configuration's) name before a payment, or when the payment names none", () => {
    expect(heading({ entityName: 'Green Valley Dispensary', session: null })).toBe(
      'Payment to Green Valley Dispensary',
    );
    expect(heading({ entityName: 'Green Valley Holdings', session: session('') })).toBe(
      'Payment to Green Valley Holdings',
    );
  });
});
