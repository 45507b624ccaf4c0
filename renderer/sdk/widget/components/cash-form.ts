import { computed, ref } from 'vue';
import { formatDecimal } from '../../../../shared/money';
import { formatMoney } from '../../../common/format';
import { pressKey } from '../../../common/number-field';
import { CASH_OVER_ZERO, ENTER_CASH, readCash } from '../cash-amount';
import type { WidgetContext } from '../context';
import { h, list, region } from '../dom';
import type { OfferedMethod } from '../methods';
import { cashKeypad } from './cash-keypad';
import { formActions, formHeading } from './form-actions';
import { formField } from './form-field';
import { changeAmountButton, SHORT_CASH_TEXT, shortCashSentence, takeShortLabel, type ShortCash } from './short-cash';

/**
 * Cash at the POS (channel `pos` only: a customer who picks cash on the pole display is sent to the
 * counter, so the cashier types here): the amount handed over and the change due. Less than due is
 * a part payment, taken only once the cashier confirms it; exact or more is taken at once.
 */
export function cashForm({ state, controller }: WidgetContext, method: OfferedMethod): HTMLElement {
  const tendered = ref('');
  const submitted = ref(false);
  /** The short amount "Take cash" asked about, until anything is typed: a typed amount is asked again. */
  const asked = ref<number | null>(null);
  /** True after "Change amount": the amount is selected, and the keypad's next key replaces it as typing does. */
  let replacing = false;
  const setTyped = (text: string) => {
    tendered.value = text;
    asked.value = null;
    replacing = false;
  };
  const due = computed(() => state.session?.amountDue ?? 0);
  const reading = computed(() => readCash(tendered.value));
  const cents = computed(() => (reading.value.kind === 'amount' ? reading.value.cents : undefined));
  const short = computed(() => cents.value !== undefined && cents.value > 0 && cents.value < due.value);
  const asking = computed<ShortCash | null>(() =>
    short.value && asked.value === cents.value ? { tendered: cents.value!, due: due.value } : null,
  );
  const error = () => {
    const read = reading.value;
    if (read.kind === 'refused') return read.reason;
    if (!submitted.value) return null;
    if (read.kind === 'empty') return ENTER_CASH;
    return read.cents > 0 ? null : CASH_OVER_ZERO;
  };
  /** Exact, the banknotes a customer hands over ($20, $50, $100), and the next round amounts above. */
  const quickAmounts = computed(() => {
    const rounds = [2000, 5000, 10000].map((step) => Math.ceil(due.value / step) * step);
    rounds.push(Math.ceil(due.value / 10000) * 10000 + 10000);
    const amounts = [due.value, 2000, 5000, 10000, ...rounds].filter((amount) => amount >= due.value);
    return [...new Set(amounts)].sort((a, b) => a - b).slice(0, 4);
  });
  const field = formField({
    id: 'tendered',
    label: 'Cash received ($)',
    inputmode: 'decimal',
    autocomplete: 'off',
    // The cashier types the amount next: the screen opens on it, not on its heading (app.ts).
    focusFirst: true,
    error,
    value: () => tendered.value,
    oninput: (input) => setTyped(input.value),
  });
  const change = () => {
    if (cents.value === undefined) return '';
    if (cents.value >= due.value) return 'change';
    return cents.value > 0 ? 'partial' : '';
  };
  /** Back to the amount, as typed, to correct it (a new amount typed replaces it). */
  const changeAmount = () => {
    asked.value = null;
    replacing = true;
    field.input.focus();
    field.input.select();
  };

  function submit(): void {
    submitted.value = true;
    if (error()) return field.input.focus();
    if (short.value && !asking.value) {
      // One more tap, only when short: the button now says what it takes, and keeps the focus.
      asked.value = cents.value!;
      return take.focus();
    }
    void controller.pay(method, { tenderedAmount: cents.value! });
  }

  const form = h(
    'form',
    {
      novalidate: true,
      // Named by its heading: a screen reader landing on the amount field hears "Cash, form" first.
      'aria-labelledby': 'cash-title',
      onsubmit: (event: Event) => (event.preventDefault(), submit()),
      // The second click of a double tap on "Take cash" is not the confirmation it now asks for.
      onclick: (event: MouseEvent) => {
        if (asking.value && event.detail > 1 && event.target === take) event.preventDefault();
      },
      onkeydown: (event: KeyboardEvent) => {
        if (asking.value && event.key === 'Escape') changeAmount();
      },
    },
    formHeading({ state, controller }, 'Cash', 'cash-title'),
    h(
      'div',
      { class: 'cash-grid' },
      h(
        'div',
        null,
        field.element,
        h(
          'div',
          { class: 'quick', role: 'group', 'aria-label': 'Quick amounts' },
          list(
            () => quickAmounts.value,
            String,
            (quick) =>
              h('button', { type: 'button', class: 'button', onclick: () => setTyped(formatDecimal(quick)) }, () =>
                quick === due.value ? 'Exact' : formatMoney(quick),
              ),
          ),
        ),
        h(
          'p',
          { class: 'change', 'aria-live': 'polite' },
          region(change, (kind) =>
            kind === 'change'
              ? h(
                  'span',
                  null,
                  'Change due: ',
                  h('strong', null, () => formatMoney(cents.value! - due.value)),
                )
              : kind === 'partial'
                ? // While the question shows, its sentence under the buttons says it: the line keeps
                  // its room, unseen, so nothing above the buttons moves between the two taps.
                  h(
                    'span',
                    {
                      class: () => (asking.value ? 'unseen' : null),
                      'aria-hidden': () => (asking.value ? 'true' : null),
                    },
                    () => `Partial payment: ${formatMoney(due.value - cents.value!)} will be left to pay.`,
                  )
                : null,
          ),
        ),
      ),
      cashKeypad('Keypad for the cash received', (key) => {
        setTyped(pressKey(replacing ? '' : tendered.value.replace(/^\$/, ''), key, 2));
      }),
    ),
    ...formActions({ state, controller }, () => (asking.value ? takeShortLabel(asking.value) : 'Take cash'), {
      describedBy: () => (asking.value ? SHORT_CASH_TEXT : undefined),
      beside: changeAmountButton(() => asking.value, changeAmount),
      backInHeading: true,
    }),
    shortCashSentence(() => asking.value),
  );
  const take = form.querySelector<HTMLButtonElement>('.actions button[type="submit"]')!;
  return form;
}
