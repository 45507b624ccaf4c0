import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import { ServicePayError } from '../../../shared/errors.js';
import {
  HandOverCheckSchema,
  OrderLookupSchema,
  PickupQueueSchema,
  type HandOverCheck,
  type OrderLookup,
  type PickupQueue,
} from '../../../shared/contracts/pickup.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { AuthHeaders, common, OrderParams, Params, PREFIX } from '../tickets/ticket-route-schemas.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { OrderLookupRepository } from './order-lookup-repository.js';
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
  const lookup = new OrderLookupRepository(ctx.db);
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

  app.get<{ Params: { dispensaryShortName: string; orderNumber: string } }>(
    `${PREFIX}/order-lookup/:orderNumber`,
    {
      onRequest: auth.guard({ client: true, permission: 'ticket:read' }),
      schema: {
        ...common,
        summary: 'An order of the store by its exact number, open or not',
        description:
          "What the counter's search says of a number that is not in the pickup queue: the order picked up or " +
          'canceled (and when), or a sale rung up at a register. Any case; 404 when the store has no such order.',
        params: Type.Object({
          dispensaryShortName: Type.String(),
          orderNumber: Type.String({ pattern: '^[A-Za-z0-9]{1,10}$' }),
        }),
        headers: AuthHeaders,
        response: { 200: OrderLookupSchema, ...failures(400, 401, 403, 404) },
      },
    },
    async (request): Promise<OrderLookup> => {
      const dispensary = await scope(request);
      const number = request.params.orderNumber.toUpperCase();
      const found = await lookup.find(ctx.db, dispensary.id, number);
      if (!found) throw new ServicePayError('NOT_FOUND', `no order ${number} at this store`);
      return found;
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
