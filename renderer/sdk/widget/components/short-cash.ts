import { formatMoney } from '../../../common/format';
import { h, when } from '../dom';

/** The id of the sentence the cash form's submit button is described by while it asks. */
export const SHORT_CASH_TEXT = 'short-cash-text';

/** Cash handed over and the amount due, while the first is less. */
export interface ShortCash {
  tendered: number;
  due: number;
}

/** "Take $20.00 of $34.56": the cash form's submit button while it asks to take less than due. */
export const takeShortLabel = ({ tendered, due }: ShortCash): string =>
  `Take ${formatMoney(tendered)} of ${formatMoney(due)}`;

/** What taking less cash than due means, in the cashier's words. */
export const shortCashText = ({ tendered, due }: ShortCash): string =>
  `${formatMoney(tendered)} is less than the ${formatMoney(due)} due: ` +
  `${formatMoney(due - tendered)} will be left to pay in another payment.`;

/** "Change amount", beside the button that takes less cash than due, while it asks. */
export function changeAmountButton(asking: () => ShortCash | null, changeAmount: () => void): Node {
  return when(asking, () => h('button', { type: 'button', class: 'button', onclick: changeAmount }, 'Change amount'));
}

/**
 * What the question means, under the form's buttons (nothing above "Take cash" moves between the
 * tap that asks and the one that confirms). The box is always in the page and polite-live, so the
 * sentence is announced as it appears, even to a cashier whose focus already is on the button.
 */
export function shortCashSentence(asking: () => ShortCash | null): HTMLElement {
  return h(
    'div',
    { class: 'short-cash', 'aria-live': 'polite' },
    when(asking, () =>
      h('p', { id: SHORT_CASH_TEXT, class: 'notice' }, () => {
        const shown = asking();
        return shown ? shortCashText(shown) : '';
      }),
    ),
  );
}
