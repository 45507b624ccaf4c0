import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ServicePayError } from '../../../../shared/errors.js';
import type { Permission } from '../../../../shared/permissions.js';
import type { Principal } from '../../core/principal.js';

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
