import type { QueueLine, QueueOrder } from '../../../shared/contracts/pickup';
import type { Ticket } from '../../../shared/contracts/ticket';
import { formatDecimalMoney } from '../../common/format';
import type { NumberRule } from '../../common/number-field';
import { quantityWords } from '../../common/pickup/pickup-words';

/**
 * Changing an online order's lines while it is picked (README "Changing an order's lines"): a
 * quantity the shelf cannot fill, a weighed line charged for what was weighed, a line taken off.
 * The service prices the order again and tells the customer's shop; what it refuses is said.
 */

/** Why the picker may not change the order's lines here now (null: they may). */
export function changeBlockedWhy(
  order: Pick<QueueOrder, 'paymentStatus'>,
  moveBlocked: string | null,
  attached: boolean,
): string | null {
  if (order.paymentStatus === 'PAID') {
    return 'Paid, so its lines cannot change here: a manager refunds it first.';
  }
  if (attached) return 'The lines of online orders are changed at the store server’s own POS for now.';
  return moveBlocked;
}

/** Why a line may not be taken off (null: it may): an order keeps at least one line. */
export function removeBlockedWhy(order: Pick<QueueOrder, 'lines'>): string | null {
  return order.lines.length <= 1 ? 'It is the order’s only line: cancel the order instead.' : null;
}

/** What a line's new quantity may be: whole units from 1, or a weight above 0 to 3 decimals. */
export function lineQuantityRule(line: Pick<QueueLine, 'deli' | 'unitType'>): NumberRule {
  return line.deli
    ? { name: 'weight', decimals: 3, min: 0, minExclusive: true, unit: line.unitType }
    : { name: 'quantity', decimals: 0, min: 1 };
}

/** What the pick list says once the service changed a line: what it is now, and the new total. */
export function changedWords(
  line: Pick<QueueLine, 'name' | 'deli' | 'unitType'>,
  quantity: number | null,
  ticket: Pick<Ticket, 'total'>,
): string {
  const what =
    quantity === null ? `${line.name} is off the order` : `${line.name} is now ${quantityWords({ ...line, quantity })}`;
  return `${what}. The order's total is now ${formatDecimalMoney(ticket.total)}; the online shop is told.`;
}

/** What the pick list says when a change would leave the line as it is: "The quantity is already 3." */
export function unchangedWords(line: Pick<QueueLine, 'quantity' | 'deli' | 'unitType'>): string {
  return line.deli
    ? `The weight is already ${line.quantity}\u00a0${line.unitType}.`
    : `The quantity is already ${line.quantity}.`;
}
