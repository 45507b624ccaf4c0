import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../../shared/contracts/common.js';
import {
  PaylinkAuthorizeSchema,
  PaylinkInfoSchema,
  type PaylinkAuthorize,
} from '../../../../shared/contracts/paylink.js';
import type { PaylinkService } from './paylink-service.js';

const TokenParams = Type.Object({
  token: Type.String({ pattern: '^spl_[A-Za-z0-9_-]{43}$', description: 'The paylink token.' }),
});
const common = { tags: ['paylinks'], security: [] };

/**
 * The hosted ACH checkout's API. No bearer token: the paylink token in the path is the credential,
 * so these routes answer only about that one payment.
 */
export function registerPaylinkRoutes(app: FastifyInstance, paylinks: PaylinkService): void {
  app.get<{ Params: { token: string } }>(
    '/v2.0/paylinks/:token',
    {
      schema: {
        ...common,
        summary: 'What a paylink asks the customer to authorize',
        params: TokenParams,
        response: { 200: PaylinkInfoSchema, ...failures(400, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return paylinks.info(request.params.token);
    },
  );

  app.post<{ Params: { token: string }; Body: PaylinkAuthorize }>(
    '/v2.0/paylinks/:token/authorize',
    {
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: 'The customer authorizes the ACH debit with their bank account',
        description: 'The routing number must pass the ABA checksum. Only the account number’s last 4 digits are kept.',
        params: TokenParams,
        body: PaylinkAuthorizeSchema,
        response: { 200: PaylinkInfoSchema, ...failures(400, 404, 409, 415) },
      },
    },
    async (request) => paylinks.authorize(request.params.token, request.body),
  );

  app.post<{ Params: { token: string } }>(
    '/v2.0/paylinks/:token/cancel',
    {
      schema: {
        ...common,
        summary: 'The customer cancels the paylink',
        params: TokenParams,
        response: { 200: PaylinkInfoSchema, ...failures(400, 404, 409) },
      },
    },
    async (request) => paylinks.cancel(request.params.token),
  );
}
