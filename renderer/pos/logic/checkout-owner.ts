import type { OrderUpdatePayment } from '../../../shared/contracts/live';
import type { Ticket } from '../../../shared/contracts/ticket';

/**
 * Who ends a checkout of an order not made from the cart (an online order handed over:
 * hand-over.ts): `finish` completes the settled order (null: refused, its words in the notice),
 * `paidElsewhere` stops taking payment for an order another register's payment (or one online)
 * settled, handing nothing over; `canceledElsewhere` stops for an order canceled meanwhile (the
 * back office, its shop); `leave` goes back without canceling it; `greeting` is the name
 * the pole display greets, `customerPoints` the points it shows beside it. `kind`: an online order handed over, or a sale rung up at a register
 * whose rest is taken here (left paid in part: unfinished-sale.ts).
 */
export interface CheckoutOwner {
  kind: 'online' | 'unfinished';
  finish(settled: Ticket): Promise<Ticket | null>;
  paidElsewhere(payment: OrderUpdatePayment): Promise<void>;
  canceledElsewhere(): Promise<void>;
  leave(): void;
  greeting: string | null;
  /** The loyalty points of the customer greeted, while the store runs a programme (null: none shown). */
  customerPoints: number | null;
}
