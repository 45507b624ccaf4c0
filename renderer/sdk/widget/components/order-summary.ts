import { formatMoney } from '../../../common/format';
import type { WidgetState } from '../widget-state';
import { h, when } from '../dom';

/** Who is paid and how much is still due (or being paid now), above every step of a payment. */
export function orderSummary(state: WidgetState): HTMLElement {
  const session = () => state.session!;
  return h(
    'header',
    { class: 'summary' },
    h(
      'p',
      { class: 'muted merchant' },
      () => session().entityName,
      when(
        () => session().ticketAlphaNumId,
        () => h('span', null, () => ` · Order ${session().ticketAlphaNumId}`),
      ),
    ),
    h(
      'p',
      { class: 'amount' },
      h('span', { class: 'sr-only' }, () => `${session().pending ? 'Paying' : 'Amount due'}: `),
      // While a payment is in flight the service no longer counts it as due: show what it is paying.
      () => `${formatMoney(session().pending?.amount ?? session().amountDue)} `,
      when(
        () => session().amountPaid > 0,
        () => h('span', { class: 'muted paid' }, () => `(${formatMoney(session().amountPaid)} paid)`),
      ),
    ),
  );
}
