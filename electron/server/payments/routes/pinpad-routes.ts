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

/** Why the PIN pad cannot take a card for `payment` now, or null when it waits for one here. */
function notWaiting(payment: StoredPayment, pinpad: PinPadSimulator): string | null {
  if (payment.status !== 'pending') return `the payment is ${payment.status}: no card is asked for`;
  if (payment.stage !== 'awaiting_device') return 'the PIN pad read this payment’s card already';
  // Another instance of the store's service started it: its PIN pad waits there, not here.
  if (!pinpad.isWaiting(payment.id))
    return 'this service’s PIN pad is not waiting for it (another instance took the payment)';
  return null;
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
          '202: the PIN pad read the card, and the payment goes on to the processor; follow the session events for its result. ' +
          '409 when the payment is not waiting for a card on this service.',
        params: PaymentParams,
        response: { 202: PresentedSchema, ...failures(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const payment = await ownedPayment(store, db, request.params.paymentId, request.principal!);
      const refusal = notWaiting(payment, pinpad);
      if (refusal !== null || !pinpad.presentCard(payment.id)) {
        throw new ServicePayError('CONFLICT', refusal ?? 'the PIN pad is no longer waiting for this card');
      }
      return reply.code(202).send({ resultCode: 'SUCCESS', resultReason: null, payment: toPaymentRecord(payment) });
    },
  );
}
