import { formatMoney } from '../../common/format';
import type { Screen, WidgetState } from './widget-state';

/** What the aria-live status region says for each screen: one short sentence. */
export function statusText(screen: Screen, state: WidgetState): string {
  const due = state.session ? formatMoney(state.session.amountDue) : '';
  switch (screen.name) {
    case 'loading':
    case 'unavailable':
      return screen.text;
    case 'idle':
      return 'Ready for payment.';
    case 'choose':
      return `Choose how to pay ${due}.`;
    case 'card':
      return `Enter the card details to pay ${due}.`;
    case 'cash':
      return `Enter the cash received for ${due}.`;
    case 'pay-cashier':
      return 'Please pay the cashier.';
    case 'pinpad':
    case 'confirming':
      return screen.pending.prompt;
    case 'paylink':
      return 'Waiting for the bank payment to be completed.';
    case 'result': {
      const { kind, title, message } = screen.outcome;
      // Under "Payment declined" the screen says only why ("Insufficient funds."): said together here.
      if ((kind === 'declined' || kind === 'error') && message) return `${title}. ${message}`;
      return message || title;
    }
    case 'paid':
      return 'This order is paid.';
  }
}
