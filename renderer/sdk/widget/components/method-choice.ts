import { computed } from 'vue';
import type { WidgetContext } from '../context';
import { h, list, when } from '../dom';
import { offeredMethods, splitPrimary, type OfferedMethod } from '../methods';

/** One payment method; a method that cannot take this payment says why and cannot be chosen. */
function methodButton({ controller }: WidgetContext, method: OfferedMethod): HTMLElement {
  const reasonId = `reason-${method.paymentMethod}`;
  return h(
    'li',
    null,
    h(
      'button',
      {
        type: 'button',
        class: 'button block method',
        disabled: Boolean(method.unavailableReason),
        'aria-describedby': method.unavailableReason ? reasonId : undefined,
        onclick: () => controller.choose(method),
      },
      h('span', { class: 'label' }, method.label),
      method.paymentMethod === 'ATM' && h('span', { class: 'muted hint' }, 'rounded up, change back'),
    ),
    method.unavailableReason && h('p', { id: reasonId, class: 'muted reason' }, method.unavailableReason),
  );
}

/** The choice of method: a few primary ones, and "Others" revealing the rest. */
export function methodChoice(context: WidgetContext): HTMLElement {
  const { state, controller } = context;
  const split = computed(() => splitPrimary(offeredMethods(state.session?.methods ?? [], state.options!)));
  const visible = computed(() =>
    state.othersOpen ? [...split.value.primary, ...split.value.others] : split.value.primary,
  );
  return h(
    'section',
    null,
    h('h2', { tabindex: '-1' }, 'How would you like to pay?'),
    h(
      'ul',
      { class: 'methods' },
      // A method whose details change (a reason appears, a label) is built again.
      list(
        () => visible.value,
        (method) => JSON.stringify(method),
        (method) => methodButton(context, method),
      ),
      when(
        () => split.value.others.length && !state.othersOpen,
        () =>
          h(
            'li',
            null,
            h(
              'button',
              { type: 'button', class: 'button block method', onclick: () => controller.showOthers() },
              'Others',
            ),
          ),
      ),
    ),
    when(
      () => !visible.value.length,
      () => h('p', { class: 'muted' }, 'No payment method is available for this payment.'),
    ),
  );
}
