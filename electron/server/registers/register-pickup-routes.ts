import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { ServicePayError } from '../../../shared/errors.js';
import { ROLE_PERMISSIONS, type Permission } from '../../../shared/permissions.js';
import { UsersRepository } from '../auth/users-repository.js';
import type { ServiceContext } from '../core/context.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { PickupQueueRepository } from '../pickup/pickup-queue-repository.js';
import type { Actor, TicketService } from '../tickets/ticket-service.js';
import { registerGuard, type RegisterIdentity } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';

const schema = { tags: ['registers'], security: [{ register: [] }] };
const OrderParams = Type.Object({ orderId: Type.String({ format: 'uuid' }) });

/**
 * The store's pickup queue for the registers attached to this server (their own credentials): they
 * list the store's online orders from here, and start, pack and cancel them on behalf of their
 * signed-in cashier, through the same ticket service as the server's own counter. The server names
 * the cashier (one of the store's logins that may do it) at the register, so the picker shown is
 * the cashier. Handing an order over stays at the server's counter (README "Attaching registers").
 */
export function registerPickupForRegisters(app: FastifyInstance, ctx: ServiceContext, tickets: TicketService): void {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  const queue = new PickupQueueRepository(ctx.db);
  const dispensaries = new DispensaryRepository(ctx.db);
  const users = new UsersRepository(ctx.db);

  /** The register's store, its cashier as the one who acts, and the online order (refused when it is none). */
  async function acting(request: FastifyRequest, orderId: string, cashier: string, permission: Permission) {
    const register = await guard(request);
    const dispensary = await storeOf(register);
    const full = await tickets.orders.findById(ctx.db, dispensary.id, orderId);
    if (!full || full.order.source !== 'online') {
      throw new ServicePayError('NOT_FOUND', `no online order ${orderId} at this store`);
    }
    const user = await users.find(ctx.db, cashier);
    const ofStore =
      user !== undefined &&
      !user.disabled &&
      user.organizationId === dispensary.organizationId &&
      (user.dispensaryId === null || user.dispensaryId === dispensary.id);
    if (!ofStore) {
      throw new ServicePayError('FORBIDDEN', `${cashier} is not a login of this store that works here`);
    }
    if (!ROLE_PERMISSIONS[user.role].includes(permission)) {
      throw new ServicePayError('FORBIDDEN', `the ${user.role} role may not do this (${permission})`);
    }
    const actor: Actor = {
      id: `register:${register.registerId}:staff:${user.id}`,
      apiClientId: null,
      who: { kind: 'staff', id: user.id, name: user.username, role: user.role, terminalId: register.name },
    };
    return { dispensary, actor };
  }

  async function storeOf(register: RegisterIdentity): Promise<Dispensary> {
    const dispensary = await dispensaries.findById(register.dispensaryId);
    if (!dispensary) throw new ServicePayError('NOT_FOUND', `the store of register ${register.name} is gone`);
    return dispensary;
  }

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
