import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures, SuccessFields } from '../../../shared/contracts/common.js';
import type { AuthService } from '../auth/auth-service.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { Actor } from './ticket-draft.js';
import type { TicketService } from './ticket-service.js';
import { AuthHeaders, common, OrderParams, PREFIX } from './ticket-route-schemas.js';

type OrderRequest = FastifyRequest<{ Params: { dispensaryShortName: string; orderId: string } }>;

const Lent = Type.Object({
  ...SuccessFields,
  /** The order was lent to this register by its store server (false: this node keeps its orders). */
  lent: Type.Boolean(),
  /** Until when, if its money is not taken (null: not lent, or paid here). */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});
const GivenBack = Type.Object({ ...SuccessFields, givenBack: Type.Boolean() });

/**
 * `POST …/ticket/<orderId>/lend` and `…/give-back`: an online order taken over for its hand-over at
 * this register, and given back before its money is taken (README "Attaching registers"). On a
 * standalone register or a store server, the order is the node's own: nothing is lent.
 */
export function registerLendRoute(
  app: FastifyInstance,
  auth: AuthService,
  scope: (request: OrderRequest) => Promise<Dispensary>,
  tickets: TicketService,
  actorOf: (request: FastifyRequest) => Actor,
): void {
  const route = (summary: string, response: typeof Lent | typeof GivenBack) => ({
    onRequest: auth.guard({ client: true, permission: 'ticket:fulfil' }),
    schema: {
      ...common,
      summary,
      params: OrderParams,
      headers: AuthHeaders,
      response: { 200: response, ...failures(401, 403, 404, 409, 429, 503) },
    },
  });
  app.post<{ Params: { dispensaryShortName: string; orderId: string } }>(
    `${PREFIX}/ticket/:orderId/lend`,
    route("Take an online order over for its hand-over at this register (its store server's order)", Lent),
    async (request) => ({
      resultCode: 'SUCCESS' as const,
      resultReason: null,
      ...(await tickets.lend(await scope(request), request.params.orderId, actorOf(request))),
    }),
  );
  app.post<{ Params: { dispensaryShortName: string; orderId: string } }>(
    `${PREFIX}/ticket/:orderId/give-back`,
    route('Give back an online order taken over at this register, its money not taken', GivenBack),
    async (request) => ({
      resultCode: 'SUCCESS' as const,
      resultReason: null,
      givenBack: await tickets.giveBack(await scope(request), request.params.orderId, actorOf(request)),
    }),
  );
}
