import type { Ticket } from '../../../shared/contracts/ticket';

/**
 * Who ends a checkout of an order not made from the cart (an online order handed over:
 * hand-over.ts): `finish` completes the settled order (null: refused, its words in the notice),
 * `leave` goes back without canceling it; `greeting` is the name the pole display greets.
 */
export interface CheckoutOwner {
  finish(settled: Ticket): Promise<Ticket | null>;
  leave(): void;
  greeting: string | null;
}
