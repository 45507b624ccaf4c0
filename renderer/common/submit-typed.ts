import type { Directive } from 'vue';

/**
 * `v-submit-typed` on a form's submit button: a click on it always submits what is typed.
 *
 * A field that commits what was typed as it is left (a number field's change event) re-renders the
 * form then: a refusal appears or goes beside it, words under it change. A press that took the
 * focus left the field, so the form moved between the press and the release, the button with it,
 * and the click landed elsewhere: nothing submitted, nothing said. Here the press keeps the focus
 * in the field, so nothing moves until the release; the click then moves the focus to the button,
 * as the press would have, and the field commits. The browser submits the form only once this
 * listener has returned and the form has re-rendered (a microtask), so the form reads its fields
 * as the field left them: the value taken, or the entry refused and marked.
 *
 * A click from the keyboard (Enter in a field, Space on the button) has no press (`detail` 0): the
 * field was committed as it was left or on its Enter, and the browser's own click submits.
 */
function press(event: MouseEvent): void {
  if (event.button === 0) event.preventDefault();
}

function click(event: MouseEvent): void {
  if (event.detail > 0) (event.currentTarget as HTMLButtonElement).focus();
}

export const vSubmitTyped: Directive<HTMLButtonElement> = {
  mounted(button) {
    button.addEventListener('mousedown', press);
    button.addEventListener('click', click);
  },
  beforeUnmount(button) {
    button.removeEventListener('mousedown', press);
    button.removeEventListener('click', click);
  },
};
