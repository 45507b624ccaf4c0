/** What an order's payments already hold, in cents: approved, still in progress, and what is left to take. */
export interface OrderBalance {
  total: number;
  /** Approved payments' amounts applied to it. */
  paid: number;
  /** Payments still being taken (a card at a PIN pad, an ACH invoice not answered yet). */
  pending: number;
  /** What is left to take: the total less every approved and pending payment (0 when none). */
  due: number;
}

/**
 * An order's balance as the service counts it (README "Payments"): its `total` (cents) less every
 * approved and pending payment's amount applied to it (a cashless ATM's cash back and a tip are not
 * the order's). The register's checkout and the back office's virtual terminal read it alike.
 */
export function balanceOf(
  total: number,
  payments: readonly { status: string; originalAmount: number }[],
): OrderBalance {
  const sum = (status: string) =>
    payments
      .filter((payment) => payment.status === status)
      .reduce((cents, payment) => cents + payment.originalAmount, 0);
  const paid = sum('approved');
  const pending = sum('pending');
  return { total, paid, pending, due: Math.max(0, total - paid - pending) };
}
