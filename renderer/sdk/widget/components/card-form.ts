import { computed, reactive } from 'vue';
import { formatMoney } from '../../../common/format';
import { cvcError, expiryError, formatExpiry, groupDigits, numberError, postalError } from '../card-rules';
import type { WidgetContext } from '../context';
import { h } from '../dom';
import type { OfferedMethod } from '../methods';
import { formField, type FormFieldProps } from './form-field';
import { formActions } from './form-actions';

type Field = 'number' | 'expiry' | 'cvc' | 'postal';
const FIELDS: Field[] = ['number', 'expiry', 'cvc', 'postal'];

/**
 * The keyed card form (ecommerce, virtual terminal). It runs on the service's origin: the host page
 * never sees the number. Fields are checked when left and on submit; the first wrong one gets focus.
 */
export function cardForm({ state, controller }: WidgetContext, method: OfferedMethod): HTMLElement {
  const values = reactive<Record<Field, string>>({ number: '', expiry: '', cvc: '', postal: '' });
  const touched = reactive(new Set<Field>());
  const errors = computed<Record<Field, string | null>>(() => ({
    number: numberError(values.number),
    expiry: expiryError(values.expiry),
    cvc: cvcError(values.cvc, values.number),
    postal: postalError(values.postal),
  }));
  // The number is grouped as it is typed; the expiry gets its slash, but a deletion goes through.
  const formats: Partial<Record<Field, (text: string, old: string) => string>> = {
    number: groupDigits,
    expiry: (text, old) => (text.length >= old.length ? formatExpiry(text) : text),
  };
  const field = (name: Field, props: Omit<FormFieldProps, 'error' | 'oninput' | 'onblur'>) =>
    formField({
      ...props,
      error: () => (touched.has(name) ? errors.value[name] : null),
      oninput: (input) => {
        const text = formats[name]?.(input.value, values[name]) ?? input.value;
        values[name] = text;
        if (input.value !== text) input.value = text;
      },
      onblur: () => touched.add(name),
    });
  const inputs = {
    number: field('number', { id: 'cc-number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric' }),
    expiry: field('expiry', {
      id: 'cc-exp',
      label: 'Expiry (MM/YY)',
      autocomplete: 'cc-exp',
      inputmode: 'numeric',
      placeholder: 'MM/YY',
    }),
    cvc: field('cvc', { id: 'cc-csc', label: 'Security code', autocomplete: 'cc-csc', inputmode: 'numeric' }),
    postal: field('postal', { id: 'postal-code', label: 'Billing postal code', autocomplete: 'postal-code' }),
  };

  function submit(): void {
    FIELDS.forEach((name) => touched.add(name));
    const wrong = FIELDS.find((name) => errors.value[name]);
    if (wrong) return inputs[wrong].input.focus();
    void controller.pay(method, {
      card: {
        number: values.number.replace(/\s/g, ''),
        expiry: values.expiry,
        cvc: values.cvc.trim(),
        postalCode: values.postal.trim(),
      },
    });
  }

  return h(
    'form',
    { novalidate: true, onsubmit: (event: Event) => (event.preventDefault(), submit()) },
    h('h2', { tabindex: '-1' }, 'Pay by card'),
    inputs.number.element,
    h('div', { class: 'row' }, inputs.expiry.element, inputs.cvc.element),
    inputs.postal.element,
    ...formActions({ state, controller }, () =>
      state.busy ? 'Paying…' : `Pay ${formatMoney(state.session?.amountDue ?? 0)}`,
    ),
  );
}
