import type { FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import { ROLE_PERMISSIONS, type Permission } from '../../../shared/permissions.js';
import { UsersRepository } from '../auth/users-repository.js';
import type { ServiceContext } from '../core/context.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import type { Actor, TicketService } from '../tickets/ticket-service.js';
import { registerGuard, type RegisterIdentity } from './register-guard.js';
import { RegistersRepository } from './registers-repository.js';

/** A register's cashier acting on one of the store's online orders at the server. */
export interface RegisterActing {
  register: RegisterIdentity;
  dispensary: Dispensary;
  actor: Actor;
}

/**
 * Who acts when an attached register moves an online order at its server (its own credentials):
 * the register's store, its cashier (one of the store's logins allowed `permission`) named as the
 * actor at that register, and the order, which must be one of the store's online orders.
 */
export function registerActing(ctx: ServiceContext, tickets: TicketService) {
  const guard = registerGuard(ctx.db, new RegistersRepository(ctx.db), ctx.now);
  const dispensaries = new DispensaryRepository(ctx.db);
  const users = new UsersRepository(ctx.db);

  async function storeOf(register: RegisterIdentity): Promise<Dispensary> {
    const dispensary = await dispensaries.findById(register.dispensaryId);
    if (!dispensary) throw new ServicePayError('NOT_FOUND', `the store of register ${register.name} is gone`);
    return dispensary;
  }

  async function acting(
    request: FastifyRequest,
    orderId: string,
    cashier: string,
    permission: Permission,
  ): Promise<RegisterActing> {
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
    return { register, dispensary, actor };
  }

  return { guard, acting };
}
