import { formatMoney } from '../../../common/format';
import type { WidgetState } from '../widget-state';
import { h, when } from '../dom';
import { summaryFigures } from '../order-figures';

/** Who is paid and how much the order still owes now (or is being paid now), above every step of a payment. */
export function orderSummary(state: WidgetState): HTMLElement {
  const session = () => state.session!;
  const figures = () => summaryFigures(session());
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
      () => `${formatMoney(figures().due)} `,
      when(
        () => figures().paid > 0,
        () => h('span', { class: 'muted paid' }, () => `(${formatMoney(figures().paid)} paid)`),
      ),
    ),
  );
}
