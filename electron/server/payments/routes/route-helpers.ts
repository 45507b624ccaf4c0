import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ServicePayError } from '../../../../shared/errors.js';
import type { Permission } from '../../../../shared/permissions.js';
import { inScope, type Principal } from '../../core/principal.js';
import type { Queryable } from '../../db/query.js';
import type { PaymentStore } from '../store/payment-store.js';
import type { StoredPayment } from '../store/payment-types.js';

/** OpenAPI bits every payment route shares. */
export const BEARER = [{ bearer: [] }];
export const TAGS = ['payments'];

export const SessionParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
export const PaymentParams = Type.Object({ paymentId: Type.String({ format: 'uuid' }) });

/** The authenticated principal, holding at least one of `permissions` (403 naming them otherwise). */
export function principalWith(request: FastifyRequest, ...permissions: Permission[]): Principal {
  const principal = request.principal!;
  if (!permissions.some((permission) => principal.permissions.has(permission))) {
    const needed = permissions.join(' or ');
    throw new ServicePayError('FORBIDDEN', `the ${principal.role} role does not have the ${needed} permission`);
  }
  return principal;
}

/** Payment `paymentId`, of the principal's entity and store (404 when there is none, 403 another's). */
export async function ownedPayment(
  store: PaymentStore,
  db: Queryable,
  paymentId: string,
  principal: Principal,
): Promise<StoredPayment> {
  const payment = await store.payments.find(db, paymentId);
  if (!payment) throw new ServicePayError('NOT_FOUND', `no payment ${paymentId}`);
  if (!inScope(principal, payment.organizationId, payment.dispensaryId)) {
    throw new ServicePayError('FORBIDDEN', 'this payment belongs to another entity or store');
  }
  return payment;
}
