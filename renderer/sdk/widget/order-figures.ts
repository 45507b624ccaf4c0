import type { PaymentSession } from '../../../shared/contracts/payment';

/** The figures the summary above every step shows, in cents. */
export interface SummaryFigures {
  /** What is due now (or, while a payment is in flight, what it is paying). */
  due: number;
  paid: number;
}

type SessionView = Pick<PaymentSession, 'order' | 'pending' | 'amountDue' | 'amountPaid' | 'tipAmount' | 'payments'>;

/** The session's tip its approved payments took, and the tip it still has to take (pending ones hold theirs). */
function tipOf({ tipAmount, payments }: SessionView): { taken: number; left: number } {
  const sum = (statuses: string[]) =>
    payments
      .filter((payment) => statuses.includes(payment.status))
      .reduce((cents, payment) => cents + payment.tipAmount, 0);
  return { taken: sum(['approved']), left: Math.max(0, tipAmount - sum(['approved', 'pending'])) };
}

/**
 * The summary's figures. When the session pays an order: the order as it is now — its balance, which
 * follows its lines changed after the payment event (the session's stream tells the widget) and the
 * payments of other sessions — with the tip this session still takes, and what the order's payments
 * paid with the tips this session took. Else the session's own. While a payment is in flight the
 * service no longer counts it as due: the summary shows what it is paying.
 */
export function summaryFigures(session: SessionView): SummaryFigures {
  const { order, pending } = session;
  if (!order) return { due: pending?.amount ?? session.amountDue, paid: session.amountPaid };
  const tip = tipOf(session);
  return { due: pending?.amount ?? order.balanceDue + tip.left, paid: order.paid + tip.taken };
}
