import type { PaymentSession } from '../../../shared/contracts/payment';

/** The figures the summary above every step shows, in cents. */
export interface SummaryFigures {
  /** What this payment takes now: the payment in flight, else what the session asks (never more than is due). */
  now: number;
  /** What the order still owes (with the tip the session still takes): more than `now` when less is paid now. */
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
 * paid with the tips this session took. Else the session's own. `now` is what this payment takes:
 * the session's amount (a page may send less than the order owes: a part payment), never more than
 * the order owes; while a payment is in flight the service no longer counts it as due (the order's
 * balance leaves it out), so `now` is what it is paying and `due` counts it back: "$5.00 of $27.06
 * due", not of what is left once it is paid.
 */
export function summaryFigures(session: SessionView): SummaryFigures {
  const { order, pending } = session;
  if (!order) {
    const due = pending?.amount ?? session.amountDue;
    return { now: due, due, paid: session.amountPaid };
  }
  const tip = tipOf(session);
  const due = order.balanceDue + tip.left + (pending ? inFlight(session, pending) : 0);
  return { now: pending?.amount ?? Math.min(session.amountDue, due), due, paid: order.paid + tip.taken };
}

/** What the payment in flight takes of the order and the tip (its record's; a cashless ATM's cash back aside). */
function inFlight({ payments }: SessionView, pending: NonNullable<SessionView['pending']>): number {
  const record = payments.find((payment) => payment.id === pending.id);
  return record ? record.originalAmount + record.tipAmount : pending.amount;
}
