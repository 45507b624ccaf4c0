import { onScopeDispose } from 'vue';
import { h } from '../dom';

/**
 * The modal of disablePaymentMethods `message` (ecommerce): the integrator's text instead of paying.
 * Focus goes to OK and stays inside (one button, so Tab stays put); Escape or OK closes it and the
 * focus returns where it was.
 */
export function messageDialog(title: string, message: string, close: () => void): HTMLElement {
  const previous = document.activeElement as HTMLElement | null;
  const ok = h(
    'button',
    {
      type: 'button',
      class: 'button primary',
      onclick: close,
      onkeydown: (event: KeyboardEvent) => event.key === 'Tab' && event.preventDefault(),
    },
    'OK',
  );
  // Once the dialog is in the page (its part is inserted right after it is built).
  queueMicrotask(() => ok.focus());
  onScopeDispose(() => previous?.focus());
  return h(
    'div',
    { class: 'backdrop', onkeydown: (event: KeyboardEvent) => event.key === 'Escape' && close() },
    h(
      'div',
      {
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'dialog-title',
        'aria-describedby': 'dialog-message',
        class: 'dialog',
      },
      h('h2', { id: 'dialog-title' }, title),
      h('p', { id: 'dialog-message' }, message),
      h('div', { class: 'actions' }, ok),
    ),
  );
}
