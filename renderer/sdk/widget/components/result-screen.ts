import { formatMoney } from '../../../common/format';
import type { WidgetContext } from '../context';
import { h } from '../dom';
import type { Outcome } from '../widget-state';
import { cancelRefusal } from './cancel-refusal';

const ICONS: Partial<Record<Outcome['kind'], string>> = { approved: '✓', canceled: '–' };

const fact = (term: string, detail: string, big = false) =>
  h('div', big ? { class: 'big' } : null, h('dt', null, term), h('dd', null, detail));

/** The end of an attempt: approved (with change or cash back), declined, an error, canceled or refused. */
export function resultScreen({ state, controller }: WidgetContext, outcome: Outcome): HTMLElement {
  const { record, kind } = outcome;
  const facts =
    record &&
    kind === 'approved' &&
    h(
      'dl',
      { class: 'facts' },
      fact('Paid', formatMoney(record.originalAmount + record.tipAmount)),
      record.cardLast4 && fact('Paid with', `${record.cardBrand} ending ${record.cardLast4}`),
      record.changeDue > 0 && fact('Change due', formatMoney(record.changeDue), true),
      record.cashbackAmount > 0 && fact('Cash back', formatMoney(record.cashbackAmount), true),
      !record.captured && fact('Status', 'Authorized; collected when the order is completed'),
    );
  return h(
    'section',
    { class: `result ${kind}` },
    h('p', { class: 'icon', 'aria-hidden': 'true' }, ICONS[kind] ?? '!'),
    h('h2', { tabindex: '-1' }, outcome.title),
    // An approval's change and cash back are in the facts below; other outcomes say why.
    kind !== 'approved' && outcome.message && outcome.message !== outcome.title && h('p', null, outcome.message),
    facts,
    // A cancel sent after the payment went through (the host's `cancel`): why nothing was canceled.
    cancelRefusal(state),
    (kind === 'declined' || kind === 'error') &&
      h(
        'div',
        { class: 'actions' },
        outcome.method &&
          h('button', { type: 'button', class: 'button primary', onclick: () => controller.tryAgain() }, 'Try again'),
        h(
          'button',
          { type: 'button', class: 'button', onclick: () => controller.backToChoice() },
          'Choose another method',
        ),
      ),
  );
}
