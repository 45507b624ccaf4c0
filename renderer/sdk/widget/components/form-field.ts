import { h, when } from '../dom';

/** Marks the field a new screen focuses instead of its heading (app.ts): the one typed in next. */
export const FOCUS_FIRST = 'data-focus-first';

/** A field's label, input attributes, error and listeners. */
export interface FormFieldProps {
  id: string;
  label: string;
  error: () => string | null;
  autocomplete?: string;
  inputmode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
  /** The text the input shows, when something else than typing changes it (a keypad, a quick amount). */
  value?: () => string;
  /** Focused when its screen opens, instead of the heading: typing here is the screen's next step. */
  focusFirst?: boolean;
  oninput(input: HTMLInputElement): void;
  onblur?(): void;
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby). */
export function formField(props: FormFieldProps): { element: HTMLElement; input: HTMLInputElement } {
  const { id, error } = props;
  const input = h('input', {
    id,
    name: id,
    autocomplete: props.autocomplete,
    inputmode: props.inputmode,
    placeholder: props.placeholder,
    value: props.value,
    'aria-invalid': () => (error() ? 'true' : 'false'),
    'aria-describedby': () => (error() ? `${id}-error` : undefined),
    required: true,
    [FOCUS_FIRST]: props.focusFirst,
    oninput: () => props.oninput(input),
    onblur: () => props.onblur?.(),
  });
  const element = h(
    'div',
    { class: 'field' },
    h('label', { for: id }, props.label),
    input,
    when(error, () => h('p', { id: `${id}-error`, class: 'error' }, () => error() ?? '')),
  );
  return { element, input };
}
