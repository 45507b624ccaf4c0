import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { failures } from '../../../shared/contracts/common.js';
import { PickupQueueSchema, type PickupQueue } from '../../../shared/contracts/pickup.js';
import {
  RegisterPickupCancelSchema,
  RegisterPickupMoveSchema,
  type RegisterPickupCancel,
  type RegisterPickupMove,
} from '../../../shared/contracts/register-pickup.js';
import { TicketSchema, type Ticket } from '../../../shared/contracts/ticket.js';
import type { ServiceContext } from '../core/context.js';
import { PickupQueueRepository } from '../pickup/pickup-queue-repository.js';
import type { TicketService } from '../tickets/ticket-service.js';
import { registerActing } from './register-acting.js';

const schema = { tags: ['registers'], security: [{ register: [] }] };
const OrderParams = Type.Object({ orderId: Type.String({ format: 'uuid' }) });

/**
 * The store's pickup queue for the registers attached to this server (their own credentials): they
 * list the store's online orders from here, and start, pack and cancel them on behalf of their
 * signed-in cashier, through the same ticket service as the server's own counter. The server names
 * the cashier (one of the store's logins that may do it) at the register, so the picker shown is
 * the cashier. Handing an order over is lent to one register (register-lend-routes.ts).
 */
export function registerPickupForRegisters(app: FastifyInstance, ctx: ServiceContext, tickets: TicketService): void {
  const { guard, acting } = registerActing(ctx, tickets);
  const queue = new PickupQueueRepository(ctx.db);

  app.get(
    '/v2.0/register/pickup-queue',
    {
      schema: {
        ...schema,
        summary: "The store's pickup queue, for a register attached to this server",
        response: { 200: PickupQueueSchema, ...failures(401, 404, 429) },
      },
    },
    async (request): Promise<PickupQueue> => {
      const register = await guard(request);
      return queue.answer(ctx.db, register.dispensaryId, ctx.now());
    },
  );

  app.post<{ Params: { orderId: string }; Body: RegisterPickupMove }>(
    '/v2.0/register/pickup/:orderId/status',
    {
      config: { consumes: ['application/json'] },
      schema: {
        ...schema,
        summary: "Start picking or pack an online order, for an attached register's cashier",
        params: OrderParams,
        body: RegisterPickupMoveSchema,
        response: { 200: TicketSchema, ...failures(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request): Promise<Ticket> => {
      const { orderId } = request.params;
      const { dispensary, actor } = await acting(request, orderId, request.body.cashier, 'ticket:fulfil');
      return tickets.advance(dispensary, orderId, request.body.status, actor);
    },
  );

  app.post<{ Params: { orderId: string }; Body: RegisterPickupCancel }>(
    '/v2.0/register/pickup/:orderId/cancel',
    {
      config: { consumes: ['application/json'] },
      schema: {
        ...schema,
        summary: "Cancel an online order, for an attached register's cashier",
        params: OrderParams,
        body: RegisterPickupCancelSchema,
        response: { 200: TicketSchema, ...failures(400, 401, 403, 404, 409, 415, 429) },
      },
    },
    async (request): Promise<Ticket> => {
      const { orderId } = request.params;
      const { dispensary, actor } = await acting(request, orderId, request.body.cashier, 'ticket:cancel');
      return tickets.cancel(dispensary, orderId, actor, request.body.reason ?? '');
    },
  );
}
