import type { PaymentMethod, PaymentRecord } from '../../../../shared/contracts/payment.js';
import type { Principal } from '../../core/principal.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import { canceledOutcome } from '../pay/outcomes.js';
import { sessionRemaining } from '../pay/session-view.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';
import type { SessionRecord, StoredPayment } from '../store/payment-types.js';
import { newPendingPayment } from './new-payment.js';

/** The methods behind the options a customer can pick (spec 6: PAYMENT_OPTION_SELECTED). */
const OPTION_METHODS: Readonly<Record<string, PaymentMethod>> = {
  Credit: 'Credit',
  Debit: 'Debit',
  'Rounded Debit': 'ATM',
  ACH: 'ACH',
  Cash: 'Cash',
};

/** Twelve digits of the session's id: the reference number of its cancel, the same at every reading. */
const referenceOf = (sessionId: string) =>
  BigInt(`0x${sessionId.replace(/-/g, '')}`)
    .toString()
    .slice(-12)
    .padStart(12, '0');

/**
 * The record PAYMENT_CANCELED delivers for a session canceled with no payment under way (spec 2.8
 * `data`, `status: canceled`): what was left to pay, in the method the customer picked (else the first
 * offered that names its device configuration). It is never stored — nothing was charged, and the
 * order's payments stay as they were — so it is the same at every reading: its `id` is the session's,
 * its time the session's cancel.
 */
export async function sessionCancelRecord(
  store: PaymentStore,
  config: PaymentConfigService,
  q: Queryable,
  session: SessionRecord,
  principal: Principal,
): Promise<PaymentRecord | null> {
  const totals = await store.payments.sessionTotals(q, session.id);
  const { remainingAmount, remainingTip } = sessionRemaining(session, totals);
  const offered = await config.available(q, {
    organizationId: session.organizationId,
    channel: session.channel,
    locationId: session.details.locationId,
    processorName: session.details.processorName,
  });
  const usable = offered.filter((candidate) => candidate.paymentDeviceConfigurationId);
  const picked = OPTION_METHODS[session.details.selectedOption ?? ''];
  const method = usable.find((candidate) => candidate.paymentMethod === picked) ?? usable[0];
  if (!method) return null;
  const at = session.updatedAt;
  const draft = newPendingPayment({
    id: session.id,
    session,
    method,
    deviceId: method.paymentDeviceConfigurationId,
    amounts: {
      amount: remainingAmount,
      tip: remainingTip,
      cashback: 0,
      charged: remainingAmount + remainingTip,
      tendered: null,
      change: 0,
    },
    closing: true,
    closesSale: false,
    card: null,
    principal,
    shiftId: null,
    at,
  });
  // Who opened the session, whoever reads it now.
  const { details } = session;
  const pending: StoredPayment = {
    ...draft,
    stage: null,
    invoiceId: null,
    referenceNumber: details.referenceNumber ?? referenceOf(session.id),
    employeeRef: details.employeeReferenceId,
    associateId: details.associateId,
    actor: session.principal,
    terminalId: null,
    createdAt: session.createdAt,
  };
  return toPaymentRecord({ ...pending, ...canceledOutcome(pending, 'Canceled', at) });
}

/**
 * The payment a session's latest state is told with (the `payment` of its stream's first frame), so
 * a widget that follows it again learns how it ended: the payment that changed last — the approval
 * that completed it, the cancel that ended it, a decline — or, for a session canceled with nothing
 * under way, its cancel's record. Null while nothing has happened.
 */
export async function sessionOutcome(
  store: PaymentStore,
  config: PaymentConfigService,
  q: Queryable,
  session: SessionRecord,
  principal: Principal,
): Promise<PaymentRecord | null> {
  const payments = await store.payments.ofSession(q, session.id);
  let last: StoredPayment | undefined;
  for (const payment of payments) if (!last || payment.updatedAt >= last.updatedAt) last = payment;
  // A canceled session's own cancel is its payment canceled with it (at the same moment), if one was.
  if (session.status === 'canceled' && !(last?.status === 'canceled' && last.updatedAt >= session.updatedAt)) {
    return sessionCancelRecord(store, config, q, session, principal);
  }
  return last ? toPaymentRecord(last) : null;
}
