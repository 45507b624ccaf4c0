import type { Ticket } from '../../../shared/contracts/ticket';
import { centsOf, formatMoney } from '../../common/format';
import { paymentCustomerOf, type CartCustomer } from './cart';

/** One row of what a paid sale had of its customer and reward dollars: its label and its words. */
export interface SoldRow {
  label: string;
  words: string;
}

/**
 * What a paid sale had of its customer and reward dollars, as words to read: the contact details it
 * was paid with (all four fields, or none went with the payment), without the name of a customer on
 * file (the customer's panel names them), and the reward dollars the order took. Empty when it had neither.
 */
export function soldCustomerRows(customer: CartCustomer, order: Pick<Ticket, 'payByPoints'>): SoldRow[] {
  const rows: SoldRow[] = [];
  const contact = paymentCustomerOf(customer);
  if (contact) {
    const onFile = Boolean(customer.customerId);
    const name = onFile ? '' : `${contact.firstName} ${contact.lastName}`;
    rows.push({
      label: onFile ? 'Contact' : 'Customer',
      words: [name, contact.phone, contact.email].filter(Boolean).join(' · '),
    });
  }
  const reward = -centsOf(order.payByPoints);
  if (reward > 0) rows.push({ label: 'Reward dollars', words: formatMoney(reward) });
  return rows;
}
