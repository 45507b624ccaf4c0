import type { PendingPayment } from '../../../../shared/contracts/payment';
import { formatMoney } from '../../../common/format';
import { CANCEL_PAYMENT } from '../action-words';
import type { WidgetContext } from '../context';
import { h } from '../dom';
import { cancelRefusal } from './cancel-refusal';

/** Waiting for the customer at the PIN pad; Cancel works while the device waits, and says why when refused. */
export function pinpadWait({ state, controller }: WidgetContext, pending: () => PendingPayment): HTMLElement {
  const methodLabel = () =>
    state.session?.methods.find((method) => method.paymentMethod === pending().paymentMethod)?.label ??
    pending().paymentMethod;
  return h(
    'section',
    { class: 'pinpad', 'aria-busy': 'true' },
    h('div', { class: 'spinner', 'aria-hidden': 'true' }),
    h('h2', { tabindex: '-1' }, () => pending().prompt || 'Insert, tap or swipe the card'),
    h('p', { class: 'muted' }, () => `${methodLabel()} on the PIN pad · ${formatMoney(pending().amount)}`),
    cancelRefusal(state),
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        { type: 'button', class: 'button', disabled: () => state.busy, onclick: () => controller.cancel() },
        CANCEL_PAYMENT,
      ),
    ),
  );
}
