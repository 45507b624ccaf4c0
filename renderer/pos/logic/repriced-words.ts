import type { TicketQuote } from '../../../shared/contracts/ticket';
import { listed } from '../../../shared/list-words';
import { formatMoney } from '../../../shared/money';
import { centsOf } from '../../common/format';

type Priced = Pick<TicketQuote, 'total' | 'deals'>;

/**
 * Why the sale's ticket came to another total than the cart showed, in words for the cashier, or
 * null when it is the same: the store's deals or prices changed after the cart was priced (a
 * manager's change, a deal's hours ending). Names the deals the sale no longer gets and those it
 * gets now: "The total is now $114.87, not the $100.74 the cart showed: Wednesday edibles no longer
 * applies. Tell the customer before taking payment."
 */
export function repricedWords(quoted: Priced, made: Priced): string | null {
  const [before, now] = [centsOf(quoted.total), centsOf(made.total)];
  if (before === now) return null;
  const names = (priced: Priced) => new Set(priced.deals.map((deal) => deal.name));
  const [had, has] = [names(quoted), names(made)];
  const gone = [...had].filter((name) => !has.has(name));
  const added = [...has].filter((name) => !had.has(name));
  const why = [
    ...(gone.length > 0 ? [`${listed(gone)} no longer ${gone.length === 1 ? 'applies' : 'apply'}`] : []),
    ...(added.length > 0 ? [`${listed(added)} now ${added.length === 1 ? 'applies' : 'apply'}`] : []),
  ];
  const because = why.length > 0 ? why.join('; ') : "the store's prices or deals changed since the cart was priced";
  return (
    `The total is now ${formatMoney(now)}, not the ${formatMoney(before)} the cart showed: ${because}. ` +
    'Tell the customer before taking payment.'
  );
}
