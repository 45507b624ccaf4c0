import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../../shared/contracts/common.js';
import { PaymentRecordSchema } from '../../../../shared/contracts/payment.js';
import { ServicePayError } from '../../../../shared/errors.js';
import type { AuthService } from '../../auth/auth-service.js';
import type { Queryable } from '../../db/query.js';
import type { PinPadSimulator } from '../pay/pinpad-simulator.js';
import type { PaymentStore } from '../store/payment-store.js';
import { toPaymentRecord } from '../store/payment-record.js';
import type { StoredPayment } from '../store/payment-types.js';
import { BEARER, ownedPayment, PaymentParams, TAGS } from './route-helpers.js';

const PresentedSchema = Type.Object({ ...SuccessFields, payment: PaymentRecordSchema });

/** Why the PIN pad took no card for `payment`: it was not waiting for one here. */
function notWaiting(payment: StoredPayment): string {
  if (payment.status !== 'pending') return `the payment is ${payment.status}: no card is asked for`;
  if (payment.stage !== 'awaiting_device') return 'the PIN pad read this payment’s card already';
  // Another instance of the store's service started it (its PIN pad waits there), or this one restarted since.
  return 'no PIN pad of this service is waiting for it (another instance took the payment, or this one restarted since)';
}

/**
 * `POST /v2.0/payments/<id>/present-card`: the simulated PIN pad reads the card now, as a customer's
 * tap would (it reads one by itself after `--pinpad-delay-ms`). The sandbox's way to decide when.
 */
export function registerPinPadRoutes(
  app: FastifyInstance,
  auth: AuthService,
  db: Queryable,
  store: PaymentStore,
  pinpad: PinPadSimulator,
): void {
  app.post<{ Params: { paymentId: string } }>(
    '/v2.0/payments/:paymentId/present-card',
    {
      onRequest: auth.guard({ permission: 'payment:create' }),
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Present a card to the simulated PIN pad waiting for a payment',
        description:
          '202: the PIN pad waiting for this payment read the card, and the payment goes on to the processor (unless it was canceled meanwhile); follow the session events for its result. ' +
          '409 when no PIN pad of this service waits for it, with the reason.',
        params: PaymentParams,
        response: { 202: PresentedSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const payment = await ownedPayment(store, db, request.params.paymentId, request.principal!);
      // A device reads what is tapped while it waits, whatever happened meanwhile: a payment canceled on
      // another instance is read here too, and its runner charges nothing (it is no longer awaiting the card).
      if (!pinpad.presentCard(payment.id)) throw new ServicePayError('CONFLICT', notWaiting(payment));
      return reply.code(202).send({ resultCode: 'SUCCESS', resultReason: null, payment: toPaymentRecord(payment) });
    },
  );
}
