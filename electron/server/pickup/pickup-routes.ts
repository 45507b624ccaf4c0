import type { FastifyInstance, FastifyRequest } from 'fastify';
import { failures } from '../../../shared/contracts/common.js';
import {
  HandOverCheckSchema,
  PickupQueueSchema,
  type HandOverCheck,
  type PickupQueue,
} from '../../../shared/contracts/pickup.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { AuthHeaders, common, OrderParams, Params, PREFIX } from '../tickets/ticket-route-schemas.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { PickupQueueRepository } from './pickup-queue-repository.js';
import type { QueueElsewhere } from './queue-elsewhere.js';

/**
 * The pickup queue (README "Online orders at the counter"): the store's online orders not yet
 * handed over, soonest promised first. Registers and the back office read it, and read it again
 * on the live channel's `order.updated` (topic `orders`); the stages are moved through the ticket
 * API (`POST …/ticket/<id>/status`).
 */
export function registerPickupRoutes(
  app: FastifyInstance,
  ctx: ServiceContext,
  auth: AuthService,
  tickets: TicketService,
  elsewhere?: QueueElsewhere,
): void {
  const queue = new PickupQueueRepository(ctx.db);
  const dispensaries = new DispensaryRepository(ctx.db);
  const scope = (request: FastifyRequest<{ Params: { dispensaryShortName: string } }>) =>
    dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);

  app.get<{ Params: { dispensaryShortName: string } }>(
    `${PREFIX}/pickup-queue`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'The pickup queue: open online orders, soonest promised first',
        description:
          'Online orders waiting to be picked, being picked, or packed and waiting for their customer ' +
          '(at most 1000; `truncated` says when there are more), with their lines and packages. On a register ' +
          "attached to a store server, the server's list; while it does not answer, the last one read (`current` false).",
        params: Params,
        headers: AuthHeaders,
        response: { 200: PickupQueueSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<PickupQueue> => {
      const dispensary = await scope(request);
      const kept = await elsewhere?.read(dispensary.id);
      return kept ?? queue.answer(ctx.db, dispensary.id, ctx.now());
    },
  );

  app.get<{ Params: { dispensaryShortName: string; orderId: string } }>(
    `${PREFIX}/ticket/:orderId/hand-over-check`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'Whether an order may be handed over to its customer now, once paid',
        description:
          "Asked at the counter before the order's payment is taken: the store's state rules (the ID on " +
          "file, the purchase limits with the customer's purchases so far) and its stage. `allowed` false " +
          'comes with `reason` in words. The move to COMPLETED checks the same again.',
        params: OrderParams,
        headers: AuthHeaders,
        response: { 200: HandOverCheckSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<HandOverCheck> => {
      const { orderId } = request.params;
      const reason = await tickets.handOverRefusal(await scope(request), orderId);
      return { resultCode: 'SUCCESS', resultReason: null, orderId, allowed: reason === null, reason };
    },
  );
}
