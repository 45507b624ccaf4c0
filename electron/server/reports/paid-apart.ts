/**
 * A payment of an order that did not close its sale (sale-closings.ts): an online order paid in part
 * at the counter and completed (its last payment, `closes_sale`) on a later day, or not yet; or a
 * payment of an order a whole refund or a void reopened, which another payment then closed again.
 */
export interface ApartPayment {
  dispensaryId: string;
  paymentId: string;
  amount: number;
  /** When it was paid (ISO). */
  paidAt: string;
  /** When its order was completed (its sale's closing payment, ISO); null while the order is open. */
  closedAt: string | null;
  /** What of it was refunded before `closedAt`: handed back while its order was open, part of no sale. */
  refundedBefore: number;
}

/** The day's payments that are not its sales' and its sales' that are not its payments (README "Reports"). */
export interface PaidApart {
  /** Paid on the day toward orders not completed on it: in its tenders, not in its sales. */
  paidTowardOpenCents: number;
  /** What the day's sales had been paid on earlier days: in its sales, in those days' tenders. */
  paidEarlierCents: number;
}

export const nothingApart = (): PaidApart => ({ paidTowardOpenCents: 0, paidEarlierCents: 0 });

/**
 * What `payments` put apart on each day: a payment toward an open order on the day it was paid, unless
 * its order was completed later that same day (then only what of it was handed back before: it paid
 * no sale); what was paid on an earlier day, less what of it was handed back before the order was
 * completed, on the day its order was completed. A payment made after its order's sale closed (the
 * order reopened, not yet paid again) is toward an open order. `dayOf` answers an instant's store
 * day, null outside the days reported on. Each day's figure depends only on its own payments and its
 * orders' completion, never on when it is read, so a day kept added up (day-totals.ts) stays true
 * when the order is completed later (a change of an order's payments deletes its days' rows).
 */
export function paidApart(
  payments: readonly ApartPayment[],
  dayOf: (at: string) => string | null,
): Map<string, PaidApart> {
  const byDay = new Map<string, PaidApart>();
  const on = (day: string) => {
    let found = byDay.get(day);
    if (!found) byDay.set(day, (found = nothingApart()));
    return found;
  };
  const seen = new Set<string>();
  for (const payment of payments) {
    if (seen.has(payment.paymentId)) continue;
    seen.add(payment.paymentId);
    const paidOn = dayOf(payment.paidAt);
    const closedAt = payment.closedAt;
    const closedOn = closedAt === null ? null : dayOf(closedAt);
    const open = closedAt === null || payment.paidAt > closedAt || closedOn !== paidOn;
    if (paidOn !== null) on(paidOn).paidTowardOpenCents += open ? payment.amount : payment.refundedBefore;
    if (closedOn !== null && payment.paidAt < closedAt! && paidOn !== closedOn) {
      on(closedOn).paidEarlierCents += payment.amount - payment.refundedBefore;
    }
  }
  return byDay;
}
