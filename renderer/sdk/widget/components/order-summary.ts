import { formatMoney } from '../../../common/format';
import type { WidgetState } from '../widget-state';
import { h, when } from '../dom';
import { summaryFigures } from '../order-figures';

/**
 * Who is paid and what this payment takes now, above every step of a payment: in big type the
 * amount the Pay button takes, and beside it what the order owes when that is more ("$10.00 of
 * $26.10 due": a part payment), and what the order has paid when no notice says it.
 */
export function orderSummary(state: WidgetState): HTMLElement {
  const session = () => state.session!;
  const figures = () => summaryFigures(session());
  const part = () => figures().now < figures().due;
  const label = () => (session().pending ? 'Paying' : part() ? 'Paying now' : 'Amount due');
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
      h('span', { class: 'sr-only' }, () => `${label()}: `),
      () => `${formatMoney(figures().now)} `,
      when(part, () => h('span', { class: 'muted of-due' }, () => `of ${formatMoney(figures().due)} due `)),
      when(
        // After a part payment the notice under the summary says what it paid ("$10.00 paid. …"):
        // said once, unless the order holds more than that payment (paid in part elsewhere too).
        () => figures().paid > 0 && !(state.notice && state.noticePaid === figures().paid),
        () => h('span', { class: 'muted paid' }, () => `(${formatMoney(figures().paid)} paid)`),
      ),
    ),
  );
}
