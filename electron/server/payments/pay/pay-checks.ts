import type { AvailableMethod, PayRequest } from '../../../../shared/contracts/payment.js';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { overLimitReason, takesCashInHand } from '../config/channel-capabilities.js';
import type { PaymentConfigService } from '../config/payment-config.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { SessionRecord } from '../store/payment-types.js';
import type { PaymentAmounts } from './amounts.js';

/** Refuses a session that cannot take a payment now: not open, expired, or one already in flight (409). */
export async function checkSessionTakesPayment(
  store: PaymentStore,
  tx: Queryable,
  session: SessionRecord,
  at: string,
): Promise<void> {
  if (session.status !== 'open') throw new ServicePayError('CONFLICT', `this payment session is ${session.status}`);
  if (session.expiresAt <= at) {
    throw new ServicePayError('CONFLICT', 'this payment session expired; send the payment event again');
  }
  const inFlight = (await store.payments.ofSession(tx, session.id)).find((payment) => payment.status === 'pending');
  if (inFlight) {
    throw new ServicePayError(
      'CONFLICT',
      `a ${inFlight.method} payment is already in progress in this session; wait for it or cancel it`,
    );
  }
}

/**
 * The method a pay request uses, as the session offers it now: offered in the channel (400), cash
 * in hand only at the POS (400), a card exactly for keyed entry (400), within the method's limit
 * (400), and usable here — a PIN pad present (409).
 */
export async function offeredMethod(
  config: PaymentConfigService,
  q: Queryable,
  session: SessionRecord,
  request: PayRequest,
  amounts: PaymentAmounts,
  hasCard: boolean,
  orderLocationId: string | null,
): Promise<AvailableMethod> {
  const offered = await config.available(q, {
    organizationId: session.organizationId,
    channel: session.channel,
    locationId: session.details.locationId,
    processorName: session.details.processorName,
    amount: amounts.charged,
    preferLocationId: orderLocationId,
  });
  const method = offered.find((candidate) => candidate.paymentMethod === request.paymentMethod);
  const { channel } = session;
  if (!method) {
    throw invalidInput(
      'paymentMethod',
      `must be a method this session offers: ${request.paymentMethod} is not offered in the ${channel} channel here`,
    );
  }
  if (method.entry === 'cash' && !takesCashInHand(channel)) {
    throw invalidInput('paymentMethod', 'Cash is taken by the cashier in the pos channel, not on the pole display');
  }
  if (method.entry === 'keyed' && !hasCard) {
    throw invalidInput('card', `is required for ${method.paymentMethod} in the ${channel} channel`);
  }
  if (method.entry !== 'keyed' && hasCard) {
    throw invalidInput('card', `is only for keyed card payments, not for ${method.entry} ${method.paymentMethod}`);
  }
  const overLimit = overLimitReason(method.paymentMethod, amounts.charged);
  if (overLimit) throw invalidInput('amount', `is too large: ${overLimit}`);
  if (method.unavailableReason) {
    throw new ServicePayError('CONFLICT', `${method.paymentMethod} cannot be taken here: ${method.unavailableReason}`);
  }
  return method;
}
