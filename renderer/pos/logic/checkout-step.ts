/**
 * Where the sale is: building the cart, creating the ticket, an online order loaded at the counter
 * (`review`: its ID check and how it is paid come first), paying (display or here), done.
 */
export type CheckoutStep = 'cart' | 'creating' | 'review' | 'display' | 'pos' | 'done';

/** Payment is done when the order's money is in (`paymentStatus`: `status` says its stage once worked). */
const SETTLED: ReadonlySet<string> = new Set(['PAID', 'AUTHORIZED']);

/** The order's money is in: PAID, or AUTHORIZED (an ACH collected as it is handed over). */
export const isSettled = (paymentStatus: string): boolean => SETTLED.has(paymentStatus);
