import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import { TicketSchema } from '../../../shared/contracts/ticket.js';
import { TicketLinesEditSchema, type TicketLinesEdit } from '../../../shared/contracts/ticket-edits.js';
import type { AuthService } from '../auth/auth-service.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { OrderEdits } from './order-edits.js';
import type { Actor } from './ticket-draft.js';
import { AuthHeaders, common, OrderParams, PREFIX } from './ticket-route-schemas.js';

type OrderRequest = FastifyRequest<{ Params: { dispensaryShortName: string; orderId: string } }>;

/** `POST …/ecommerce/ticket/<orderId>/lines`: an order's lines changed before it is paid. */
export function registerLinesRoute(
  app: FastifyInstance,
  auth: AuthService,
  scope: (request: OrderRequest) => Promise<Dispensary>,
  edits: OrderEdits,
  actorOf: (request: FastifyRequest) => Actor,
): void {
  app.post<{ Params: { dispensaryShortName: string; orderId: string }; Body: TicketLinesEdit }>(
    `${PREFIX}/ticket/:orderId/lines`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:fulfil' }),
      config: { consumes: ['application/json'] },
      schema: {
        ...common,
        summary: "Change an order's lines before it is paid: a quantity, a package, a line taken off",
        description:
          'Each change names a line by its `lineIndex`: `{lineIndex, quantity}` (new units, or the weight of a ' +
          'weighed line), `{lineIndex, packageId}` (another package of the same product in this store, with the ' +
          'units available; both at once are allowed) or `{lineIndex, remove: true}`; an optional `reason` goes ' +
          'in the audit trail. All the changes are made or none. The stock the lines hold moves by exactly ' +
          'what changed, changed lines are priced as a new ticket would be now, the totals are priced again, ' +
          'and the whole ticket is answered as `GET …/ticket/<orderId>` answers it; webhook `order.updated` ' +
          'carries it. Allowed while the order is waiting to be picked or being picked (a packed order is moved ' +
          'back to IN_PROCESS first) and not paid; an AUTHORIZED order (an ACH authorization, captured for the ' +
          'final total when handed over) only within the amount authorized. Every refusal names the reason and ' +
          'the line\'s product, and changes nothing (README "Changing an order\'s lines").',
        params: OrderParams,
        headers: AuthHeaders,
        body: TicketLinesEditSchema,
        response: { 200: TicketSchema, ...failures(400, 401, 403, 404, 409, 413, 415, 429) },
      },
    },
    async (request) => edits.edit(await scope(request), request.params.orderId, request.body, actorOf(request)),
  );
}
