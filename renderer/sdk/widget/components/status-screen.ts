import { h, when, type Bound } from '../dom';

/** What a status screen says: its heading, a sentence under it, a spinner, an alert, buttons. */
export interface StatusScreenProps {
  title: Bound<string>;
  text?: Bound<string | undefined>;
  busy?: boolean;
  /** Shown under the sentence while it has something to say (a refused cancel). */
  alert?: Node;
  actions?: Node[];
}

const read = <T>(value: Bound<T>): T => (typeof value === 'function' ? (value as () => T)() : value);

/** A screen that is mostly a sentence: loading, idle, confirming, "pay the cashier", paid. */
export function statusScreen({ title, text, busy = false, alert, actions }: StatusScreenProps): HTMLElement {
  return h(
    'section',
    { class: 'status-screen', 'aria-busy': String(busy) },
    busy && h('div', { class: 'spinner', 'aria-hidden': 'true' }),
    h('h2', { tabindex: '-1' }, () => read(title)),
    when(
      () => read(text),
      () => h('p', { class: 'muted' }, () => read(text) ?? ''),
    ),
    alert,
    actions && h('div', { class: 'actions' }, ...actions),
  );
}
