import type { PadKey } from '../../../common/number-field';
import { h } from '../dom';

const DIGITS: PadKey[] = ['7', '8', '9', '4', '5', '6', '1', '2', '3'];

/** The touch keypad of the POS (common/components/TouchKeypad.vue): keys of at least 52 px. */
export function cashKeypad(label: string, press: (key: PadKey) => void): HTMLElement {
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
