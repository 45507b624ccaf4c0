import type { PaymentSession } from '../../../shared/contracts/payment';

/** The last change a view of a session shows: the session's own, or one of its payments' (a stage moved on). */
export function lastChange(session: PaymentSession): string {
  let last = session.updatedAt;
  for (const payment of session.payments) if (payment.updatedAt > last) last = payment.updatedAt;
  return last;
}

/** How far a view has got: how many payments, then its pending one waiting (PIN pad, customer), with the processor, or none. */
function progress(session: PaymentSession): readonly [number, number] {
  const stage = session.pending ? (session.pending.stage === 'processing' ? 1 : 0) : 2;
  return [session.payments.length, stage];
}

/**
 * Whether `next` may take the place of `current`: the widget's own answers and the session's events
 * cross, and an answer sent before a change may arrive after it. A view of a later change does; one
 * of the same millisecond does unless it goes back (a payment waiting on the PIN pad again after its
 * card was read), so the customer never sees a step undone.
 */
export function isNewerView(next: PaymentSession, current: PaymentSession): boolean {
  const [nextChange, currentChange] = [lastChange(next), lastChange(current)];
  if (nextChange !== currentChange) return nextChange > currentChange;
  const [nextPayments, nextStage] = progress(next);
  const [currentPayments, currentStage] = progress(current);
  return nextPayments !== currentPayments ? nextPayments > currentPayments : nextStage >= currentStage;
}
