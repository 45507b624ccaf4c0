import { computed, ref } from 'vue';
import { formatDecimal, parseDecimal } from '../../../../shared/money';
import { AMOUNT_MAX_CENTS } from '../../../../shared/numbers';
import { formatMoney } from '../../../common/format';
import { pressKey, type PadKey } from '../../../common/number-field';
import type { WidgetContext } from '../context';
import { h, list, region } from '../dom';
import type { OfferedMethod } from '../methods';
import { formActions } from './form-actions';
import { formField } from './form-field';

const DIGITS: PadKey[] = ['7', '8', '9', '4', '5', '6', '1', '2', '3'];

/** The touch keypad of the POS (common/components/TouchKeypad.vue): keys of at least 52 px. */
function keypad(label: string, press: (key: PadKey) => void): HTMLElement {
  const key = (text: string, pressed: PadKey, name?: string) =>
    h('button', { type: 'button', class: 'key', 'aria-label': name, onclick: () => press(pressed) }, text);
  return h(
    'div',
    { class: 'keypad', role: 'group', 'aria-label': label },
    ...DIGITS.map((digit) => key(digit, digit)),
    key('.', '.', 'Decimal point'),
    key('0', '0'),
    key('⌫', 'back', 'Delete the last digit'),
  );
}

/** Cash at the POS: the amount handed over and the change due; less than due is a partial payment. */
export function cashForm({ state, controller }: WidgetContext, method: OfferedMethod): HTMLElement {
  const tendered = ref('');
  const submitted = ref(false);
  const due = computed(() => state.session?.amountDue ?? 0);
  const cents = computed(() => (tendered.value.trim() ? parseDecimal(tendered.value.replace(/^\$/, '')) : undefined));
  /** More than the service takes in one amount: said as it is typed, in dollars, and never counted as change. */
  const tooMuch = computed(() => cents.value !== undefined && cents.value > AMOUNT_MAX_CENTS);
  const error = () => {
    if (tooMuch.value) return `The cash received must be at most ${formatMoney(AMOUNT_MAX_CENTS)}.`;
    return submitted.value && !(cents.value && cents.value > 0)
      ? 'Enter the cash received, such as 20 or 20.00.'
      : null;
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
    error,
    value: () => tendered.value,
    oninput: (input) => (tendered.value = input.value),
  });
  const change = () => {
    const paid = cents.value;
    if (tooMuch.value) return '';
    if (paid !== undefined && paid >= due.value) return 'change';
    return paid !== undefined && paid > 0 ? 'partial' : '';
  };

  function submit(): void {
    submitted.value = true;
    if (error()) return field.input.focus();
    void controller.pay(method, { tenderedAmount: cents.value! });
  }

  return h(
    'form',
    { novalidate: true, onsubmit: (event: Event) => (event.preventDefault(), submit()) },
    h('h2', { tabindex: '-1' }, 'Cash'),
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
              h(
                'button',
                { type: 'button', class: 'button', onclick: () => (tendered.value = formatDecimal(quick)) },
                () => (quick === due.value ? 'Exact' : formatMoney(quick)),
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
                ? h(
                    'span',
                    null,
                    () => `Partial payment: ${formatMoney(due.value - cents.value!)} will be left to pay.`,
                  )
                : null,
          ),
        ),
      ),
      keypad('Keypad for the cash received', (key) => {
        tendered.value = pressKey(tendered.value.replace(/^\$/, ''), key, 2);
      }),
    ),
    ...formActions({ state, controller }, 'Take cash'),
  );
}
