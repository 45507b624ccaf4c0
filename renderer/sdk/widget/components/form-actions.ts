import { CHOOSE_ANOTHER_WAY } from '../action-words';
import type { WidgetContext } from '../context';
import { h, when, type Bound } from '../dom';

/** The end of a payment form: the service's refusal of it, its submit button and "Choose another way to pay". */
export function formActions(
  { state, controller }: Pick<WidgetContext, 'state' | 'controller'>,
  submit: Bound<string>,
): Node[] {
  return [
    when(
      () => state.formError,
      () => h('p', { class: 'error', role: 'alert' }, () => state.formError ?? ''),
    ),
    h(
      'div',
      { class: 'actions' },
      h('button', { type: 'submit', class: 'button primary', disabled: () => state.busy }, submit),
      h(
        'button',
        { type: 'button', class: 'button', disabled: () => state.busy, onclick: () => controller.backToChoice() },
        CHOOSE_ANOTHER_WAY,
      ),
    ),
  ];
}
