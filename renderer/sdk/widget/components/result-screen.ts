import { formatMoney } from '../../../common/format';
import type { WidgetContext } from '../context';
import { h, when } from '../dom';
import { orderStanding, outcomeWords } from '../outcome-words';
import { isPassingText } from '../refusal-words';
import { CHOOSE_ANOTHER_WAY } from '../action-words';
import type { Outcome } from '../widget-state';
import { cancelRefusal } from './cancel-refusal';

/** An outcome's mark above its title: a tick for an approval, "!" for a failure; a cancel, which the shopper or cashier chose, has none. */
const ICONS: Partial<Record<Outcome['kind'], string>> = { approved: '✓', canceled: '' };

const fact = (term: string, detail: () => string, big = false) =>
  h('div', big ? { class: 'big' } : null, h('dt', null, term), h('dd', null, detail));

const button = (label: string, onclick: () => void, primary = false) =>
  h('button', { type: 'button', class: primary ? 'button primary' : 'button', onclick }, label);

/**
 * An approval: what it paid, and what the order still owes when this payment did not pay it all
 * (the page sent less than the order's total, or the order grew meanwhile) — never a plain "paid"
 * then. The last part of a split tender also says what the order's payments paid in all. Kept
 * current: the session's next view may come after the payment's.
 */
function approvedFacts({ state }: WidgetContext, outcome: Outcome): Node[] {
  const record = outcome.record!;
  const paid = formatMoney(record.originalAmount + record.tipAmount);
  const standing = () => orderStanding(record, state.session);
  const stillDue = () => standing().stillDue;
  const paidInAll = () => standing().paidInAll;
  return [
    when(
      () => stillDue() > 0,
      () =>
        h('p', { class: 'still-due' }, () => `Paid ${paid} — ${formatMoney(stillDue())} is still due on this order.`),
    ),
    h(
      'dl',
      { class: 'facts' },
      fact('Paid', () => paid),
      when(
        () => paidInAll() > record.originalAmount + record.tipAmount,
        () => fact('Paid in all', () => formatMoney(paidInAll())),
      ),
      when(
        () => stillDue() > 0,
        () => fact('Still due', () => formatMoney(stillDue()), true),
      ),
      record.cardLast4 && fact('Paid with', () => `${record.cardBrand} ending ${record.cardLast4}`),
      record.changeDue > 0 && fact('Change due', () => formatMoney(record.changeDue), true),
      record.cashbackAmount > 0 && fact('Cash back', () => formatMoney(record.cashbackAmount), true),
      !record.captured && fact('Status', () => 'Authorized; collected when the order is completed'),
    ),
  ];
}

/** What the person can do next: never a dead end. */
function nextSteps({ controller, restart }: WidgetContext, outcome: Outcome): Node | false {
  const { kind, method, message } = outcome;
  if (kind === 'declined' || kind === 'error')
    return h(
      'div',
      { class: 'actions' },
      method && button('Try again', () => controller.tryAgain(), true),
      button(CHOOSE_ANOTHER_WAY, () => controller.backToChoice()),
    );
  // Canceled: the same payment again, from the choice of method (a new session).
  if (kind === 'canceled')
    return h(
      'div',
      { class: 'actions' },
      button(CHOOSE_ANOTHER_WAY, () => restart(false), true),
    );
  // Could not start for a passing reason (the connection): the same payment event again.
  if (kind === 'refused' && isPassingText(message))
    return h(
      'div',
      { class: 'actions' },
      button('Try again', () => restart(true), true),
    );
  return false;
}

/** The end of an attempt: approved (with change or cash back), declined, an error, canceled or refused. */
export function resultScreen(context: WidgetContext, outcome: Outcome): HTMLElement {
  const { state } = context;
  const { record, kind } = outcome;
  const words = outcomeWords(outcome, state.options?.channel);
  return h(
    'section',
    { class: `result ${kind}` },
    ICONS[kind] !== '' && h('p', { class: 'icon', 'aria-hidden': 'true' }, ICONS[kind] ?? '!'),
    h('h2', { tabindex: '-1' }, outcome.title),
    // An approval's change and cash back are in the facts below; other outcomes say why.
    kind !== 'approved' && words && words !== outcome.title && h('p', null, words),
    ...(record && kind === 'approved' ? approvedFacts(context, outcome) : []),
    // A cancel sent after the payment went through (the host's `cancel`): why nothing was canceled.
    cancelRefusal(state),
    nextSteps(context, outcome),
  );
}
