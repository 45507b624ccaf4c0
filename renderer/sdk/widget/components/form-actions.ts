import { CHOOSE_ANOTHER_WAY } from '../action-words';
import type { WidgetContext } from '../context';
import { h, when, type Bound } from '../dom';

type Parts = Pick<WidgetContext, 'state' | 'controller'>;

/** What a form adds to its submit button: what it is described by, and a button beside it. */
export interface SubmitExtras {
  /** The id of what the submit button asks to confirm, while it asks (the cash form). */
  describedBy?: () => string | undefined;
  /** Right after the submit button ("Change amount"). */
  beside?: Node;
  /** "Choose another way to pay" is in the form's heading row (formHeading), not after the submit button. */
  backInHeading?: boolean;
}

/** "Choose another way to pay": back to the choice of method. */
function backButton({ state, controller }: Parts): HTMLElement {
  return h(
    'button',
    { type: 'button', class: 'button', disabled: () => state.busy, onclick: () => controller.backToChoice() },
    CHOOSE_ANOTHER_WAY,
  );
}

/**
 * A form's heading with "Choose another way to pay" beside it, on the heading's row: the form's
 * buttons then take one row less, so a form as tall as the cash form keeps them in sight. `id` names
 * the heading, for the form it names (aria-labelledby).
 */
export function formHeading(parts: Parts, title: string, id?: string): HTMLElement {
  return h('div', { class: 'form-head' }, h('h2', { id, tabindex: '-1' }, title), backButton(parts));
}

/** The end of a payment form: the service's refusal of it, its submit button and "Choose another way to pay". */
export function formActions(
  parts: Parts,
  submit: Bound<string>,
  { describedBy, beside, backInHeading = false }: SubmitExtras = {},
): Node[] {
  const { state } = parts;
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
      !backInHeading && backButton(parts),
    ),
  ];
}
