import { formatMoney } from '../../common/format';
import { orderStanding, outcomeWords } from './outcome-words';
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
      const { kind, title, message, record } = screen.outcome;
      const words = outcomeWords(screen.outcome, state.options?.channel);
      // Under "Payment declined" the screen says only why ("Insufficient funds."): said together here.
      if ((kind === 'declined' || kind === 'error') && words) return `${title}. ${words}`;
      const stillDue = record && kind === 'approved' ? orderStanding(record, state.session).stillDue : 0;
      if (stillDue > 0) return `${message}. ${formatMoney(stillDue)} is still due on this order.`;
      return message || title;
    }
    case 'paid': {
      const stillDue = state.session?.order?.balanceDue ?? 0;
      return stillDue > 0
        ? `This payment is complete. ${formatMoney(stillDue)} is still due on this order.`
        : 'This order is paid.';
    }
  }
}
