import { computed } from 'vue';
import { formatMoney } from '../../common/format';
import { CHOOSE_ANOTHER_WAY } from './action-words';
import { cancelRefusal } from './components/cancel-refusal';
import { cardForm } from './components/card-form';
import { cashForm } from './components/cash-form';
import { FOCUS_FIRST } from './components/form-field';
import { messageDialog } from './components/message-dialog';
import { methodChoice } from './components/method-choice';
import { orderSummary } from './components/order-summary';
import { paylinkWait } from './components/paylink-wait';
import { payeeName } from './payee';
import { pinpadWait } from './components/pinpad-wait';
import { resultScreen } from './components/result-screen';
import { statusScreen } from './components/status-screen';
import type { WidgetContext } from './context';
import { h, region, when } from './dom';
import { statusText } from './status-text';
import { currentScreen, type Screen } from './widget-state';

/** The screens without a place of their own for a refused cancel (no Cancel, no payment under way). */
const SAYS_NO_CANCEL: readonly Screen['name'][] = ['choose', 'card', 'cash', 'pay-cashier'];

/** The screens of a payment under way: the PIN pad, the paylink, confirming. */
type Waiting = Extract<Screen, { pending: unknown }>;

/** The screen's part: built again when the screen changes, or the outcome or method it shows. */
function screenPart(context: WidgetContext, screen: () => Screen, root: () => HTMLElement): Node {
  const { state, controller } = context;
  const ids = new WeakMap<object, number>();
  let count = 0;
  const idOf = (value: object) => ids.get(value) ?? (ids.set(value, ++count), count);
  const key = () => {
    const shown = screen();
    const subject = shown.name === 'result' ? shown.outcome : 'method' in shown ? shown.method : null;
    return subject ? `${shown.name}:${idOf(subject)}` : shown.name;
  };
  /** A field of the shown screen, kept current while it is shown (a pending payment's prompt changes). */
  function latest<T>(pick: (shown: Screen) => T | undefined, first: T): () => T {
    return () => (first = pick(screen()) ?? first);
  }
  const stillDue = () => state.session?.order?.balanceDue ?? 0;
  const pendingOf = (shown: Waiting) => latest((next) => (next as Partial<Waiting>).pending, shown.pending);
  let previous = screen().name;

  const build = (): Node => {
    const shown = screen();
    switch (shown.name) {
      case 'loading':
      case 'unavailable':
        return statusScreen({
          title: latest((next) => ('text' in next ? next.text : undefined), shown.text),
          busy: shown.name === 'loading',
        });
      case 'idle':
        return statusScreen({ title: 'Ready for payment', text: () => payeeName(state) });
      case 'choose':
        return methodChoice(context);
      case 'card':
        return cardForm(context, shown.method);
      case 'cash':
        return cashForm(context, shown.method);
      case 'pay-cashier':
        return statusScreen({
          title: 'Please pay the cashier',
          text: 'Hand the cash to the cashier; they will finish the payment.',
          actions: [
            h(
              'button',
              { type: 'button', class: 'button', onclick: () => controller.backToChoice() },
              CHOOSE_ANOTHER_WAY,
            ),
          ],
        });
      case 'result':
        return resultScreen(context, shown.outcome);
      case 'paid':
        // The session's payments are made; the order may still owe (less was sent, or it grew).
        return statusScreen({
          title: () => (stillDue() > 0 ? 'This payment is complete' : 'This order is paid'),
          text: () => (stillDue() > 0 ? `${formatMoney(stillDue())} is still due on this order.` : 'Thank you.'),
          alert: cancelRefusal(state),
        });
      case 'pinpad':
        return pinpadWait(context, pendingOf(shown));
      case 'paylink':
        return paylinkWait(context, pendingOf(shown));
      case 'confirming': {
        const pending = pendingOf(shown);
        return statusScreen({
          title: 'Confirming the payment…',
          text: () => pending().prompt,
          busy: true,
          alert: cancelRefusal(state),
        });
      }
    }
  };

  return region(key, build, () => {
    const name = screen().name;
    if (name === previous) return;
    previous = name;
    // A new screen: its heading takes the focus (a screen reader starts reading there), or the field
    // a screen names with FOCUS_FIRST, where typing is the next step (the cash form's amount, labelled
    // and in a form named by the heading, so it is announced too). Only when the widget already has
    // the focus: the widget never pulls it away from the host page.
    queueMicrotask(() => {
      if (!document.hasFocus()) return;
      const first = root().querySelector<HTMLElement>(`[${FOCUS_FIRST}]`) ?? root().querySelector<HTMLElement>('h2');
      first?.focus();
    });
  });
}

/** The widget: its screens, the live status sentence for screen readers, and the message modal. */
export function createWidget(context: WidgetContext): HTMLElement {
  const { state, bridge } = context;
  const screen = computed(() => currentScreen(state));
  const large = () => state.options?.positionFixed === true;
  const root: HTMLElement = h(
    'div',
    { class: () => (large() ? 'widget large' : 'widget') },
    h(
      'main',
      { 'aria-label': 'Payment' },
      // The frame is a document of its own: it names itself for screen readers; its screens use h2.
      h('h1', { class: 'sr-only' }, () => (payeeName(state) ? `Payment to ${payeeName(state)}` : 'Payment')),
      when(
        () => state.session && !['loading', 'result'].includes(screen.value.name),
        () => orderSummary(state),
      ),
      when(
        () => state.notice,
        () => h('p', { class: 'notice' }, () => state.notice ?? ''),
      ),
      // A cancel refused while nothing is under way (the connection dropped): the other screens say
      // it beside their Cancel or their payment.
      when(
        () => SAYS_NO_CANCEL.includes(screen.value.name),
        () => cancelRefusal(state),
      ),
      screenPart(
        context,
        () => screen.value,
        () => root,
      ),
    ),
    h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' }, () =>
      statusText(screen.value, state),
    ),
    region(
      () => state.modal,
      (modal) => modal && messageDialog(modal.title, modal.message, () => (state.modal = null)),
    ),
  );
  // The loader sizes the iframe to the content (a full-screen widget keeps the viewport).
  new ResizeObserver(() => {
    if (!large()) bridge.send({ type: 'resize', height: root.offsetHeight });
  }).observe(root);
  return root;
}
