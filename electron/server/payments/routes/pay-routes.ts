import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../../shared/contracts/common.js';
import { PayRequestSchema, PayResponseSchema, type PayRequest } from '../../../../shared/contracts/payment.js';
import type { AuthService } from '../../auth/auth-service.js';
import { withPermittedMethods } from '../config/permitted-methods.js';
import type { PayService } from '../checkout/pay-service.js';
import { BEARER, SessionParams, TAGS } from './route-helpers.js';

const PayHeaders = Type.Object({
  'idempotency-key': Type.String({
    minLength: 1,
    maxLength: 255,
    description: 'Required. The same key and body answer the first answer; another body is 409.',
  }),
});

/** `POST /v2.0/payments/sessions/<id>/payments`: take a payment in a session. */
export function registerPayRoutes(app: FastifyInstance, auth: AuthService, pay: PayService): void {
  app.post<{ Params: { id: string }; Body: PayRequest; Headers: { 'idempotency-key': string } }>(
    '/v2.0/payments/sessions/:id/payments',
    {
      // Card and cash need payment:create, ACH needs invoice:create: checked by the service.
      onRequest: auth.guard({}),
      config: { consumes: ['application/json'] },
      schema: {
        tags: TAGS,
        security: BEARER,
        summary: 'Pay in a session (card, cash, ATM, ACH paylink)',
        description:
          '201 with the final payment (approved, declined, error), or 202 with the pending one (PIN pad, paylink, processor timeout). ' +
          'Follow the session events for what happens next.',
        params: SessionParams,
        headers: PayHeaders,
        body: PayRequestSchema,
        response: { 201: PayResponseSchema, 202: PayResponseSchema, ...failures(400, 401, 403, 404, 409, 415) },
      },
    },
    async (request, reply) => {
      const answer = await pay.pay(
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
        request.principal!,
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.statusCode).send(withPermittedMethods(answer.body, request.principal!));
    },
  );
}
