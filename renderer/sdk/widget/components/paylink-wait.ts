import type { PendingPayment } from '../../../../shared/contracts/payment';
import { CANCEL_PAYMENT } from '../action-words';
import type { WidgetContext } from '../context';
import { h, when } from '../dom';
import { absoluteUrl } from '../paylink-delivery';
import { cancelRefusal } from './cancel-refusal';

const WORDS = {
  invoice: ['Invoice ready', 'Send this link to the customer. This screen updates when they have paid.'],
  iframe: [
    'Complete the bank payment',
    'Enter your bank details in the bank payment window. This page updates when you are done.',
  ],
  redirect: [
    'Finish paying in the new tab',
    'Your bank payment page opened in a new tab. This page updates when you are done.',
  ],
} as const;

/**
 * Waiting for the customer to finish the ACH checkout: in a new tab (`redirect`, an in-progress
 * modal here), in the loader's overlay (`iframe`), or as an invoice link (virtual terminal).
 */
export function paylinkWait({ state, controller }: WidgetContext, pending: () => PendingPayment): HTMLElement {
  const delivery =
    state.options?.channel === 'virtual_terminal' ? 'invoice' : (state.options?.paylinkDeliveryMethod ?? 'redirect');
  const [title, text] = WORDS[delivery];
  return h(
    'section',
    { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'paylink-title', class: 'paylink' },
    h('div', { class: 'spinner', 'aria-hidden': 'true' }),
    h('h2', { id: 'paylink-title', tabindex: '-1' }, title),
    h('p', null, text),
    delivery === 'invoice' &&
      h(
        'label',
        { class: 'field' },
        h('span', null, 'Payment link'),
        h('input', {
          value: () => absoluteUrl(pending().paylinkUrl ?? ''),
          readonly: true,
          onfocus: (event: Event) => (event.target as HTMLInputElement).select(),
        }),
      ),
    cancelRefusal(state),
    h(
      'div',
      { class: 'actions' },
      when(
        () => delivery !== 'iframe' && pending().paylinkUrl,
        () =>
          h(
            'button',
            {
              type: 'button',
              class: 'button primary',
              onclick: () => controller.reopenPaylink(pending().paylinkUrl!),
            },
            'Open the bank payment page',
          ),
      ),
      h(
        'button',
        { type: 'button', class: 'button', disabled: () => state.busy, onclick: () => controller.cancel() },
        CANCEL_PAYMENT,
      ),
    ),
  );
}
