import { CHOOSE_ANOTHER_WAY } from '../action-words';
import type { WidgetContext } from '../context';
import { h, when, type Bound } from '../dom';

/** What a form adds to its submit button: what it is described by, and a button beside it. */
export interface SubmitExtras {
  /** The id of what the submit button asks to confirm, while it asks (the cash form). */
  describedBy?: () => string | undefined;
  /** Right after the submit button ("Change amount"). */
  beside?: Node;
}

/** The end of a payment form: the service's refusal of it, its submit button and "Choose another way to pay". */
export function formActions(
  { state, controller }: Pick<WidgetContext, 'state' | 'controller'>,
  submit: Bound<string>,
  { describedBy, beside }: SubmitExtras = {},
): Node[] {
  return [
    when(
      () => state.formError,
      () => h('p', { class: 'error', role: 'alert' }, () => state.formError ?? ''),
    ),
    h(
      'div',
      { class: 'actions' },
      h(
        'button',
        { type: 'submit', class: 'button primary', disabled: () => state.busy, 'aria-describedby': describedBy },
        submit,
      ),
      beside,
      h(
        'button',
        { type: 'button', class: 'button', disabled: () => state.busy, onclick: () => controller.backToChoice() },
        CHOOSE_ANOTHER_WAY,
      ),
    ),
  ];
}
