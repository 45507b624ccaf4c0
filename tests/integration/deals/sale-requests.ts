import type { TicketQuote } from '../../../shared/contracts/ticket.js';

/** A ticket's or quote's totals, to compare one with the other. */
export const totalsOf = ({
  subTotal,
  discount,
  tax,
  total,
}: Pick<TicketQuote, 'subTotal' | 'discount' | 'tax' | 'total'>) => ({
  subTotal,
  discount,
  tax,
  total,
});
