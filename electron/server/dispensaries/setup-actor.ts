import { ServicePayError } from '../../../shared/errors.js';
import type { Permission } from '../../../shared/permissions.js';
import type { Principal } from '../core/principal.js';
import { requireReach } from './dispensary-scope.js';

/**
 * Who sets a store up: the operator at the `servicepay` command (who holds the database itself, so
 * every organization is theirs), or a signed-in staff user — within their organization and, for a
 * store-level login, their one store — holding the permission the change needs.
 */
export type SetupActor = { kind: 'operator' } | { kind: 'staff'; principal: Principal };

export const OPERATOR: SetupActor = { kind: 'operator' };

export function staffActor(principal: Principal): SetupActor {
  return { kind: 'staff', principal };
}

/** Who did it, as a record keeps it: the staff user's id and name, or no id and "operator". */
export function actorRecord(actor: SetupActor): { id: string | null; name: string } {
  return actor.kind === 'staff'
    ? { id: actor.principal.subjectId, name: actor.principal.name }
    : { id: null, name: 'operator' };
}

const refuse = (message: string) => new ServicePayError('FORBIDDEN', message);

/** The actor holds `permission` (the operator holds every one). */
export function requirePermission(actor: SetupActor, permission: Permission): void {
  if (actor.kind === 'operator' || actor.principal.permissions.has(permission)) return;
  throw refuse(`the ${actor.principal.role} role does not have the ${permission} permission`);
}

/** The actor may act for the store `dispensary` (its organization, and its store when limited to one). */
export function requireStore(actor: SetupActor, dispensary: { id: string; organizationId: string; shortName: string }) {
  if (actor.kind === 'operator') return;
  const { organizationId, dispensaryId } = actor.principal;
  requireReach({ organizationId, limitedTo: [dispensaryId] }, dispensary);
}

/**
 * The actor acts for the whole organization: what belongs to the organization rather than one store
 * (processors, logins and clients of every store) is changed only by its organization-wide staff.
 */
export function requireOrganizationWide(actor: SetupActor, organizationId: string, what: string): void {
  if (actor.kind === 'operator') return;
  const { principal } = actor;
  if (principal.organizationId !== organizationId) throw refuse(`${what} belongs to another organization`);
  if (principal.dispensaryId !== null) {
    throw refuse(`${what} is for every store of the organization: only an organization-wide login may do it`);
  }
}

/** The one store the actor is limited to, or null (the operator, or an organization-wide login). */
export function storeLimit(actor: SetupActor): string | null {
  return actor.kind === 'operator' ? null : actor.principal.dispensaryId;
}

/** Whether a record of `organizationId` kept for store `dispensaryId` (null: every store) is the actor's to see. */
export function sees(actor: SetupActor, organizationId: string, dispensaryId: string | null): boolean {
  if (actor.kind === 'operator') return true;
  const { principal } = actor;
  if (principal.organizationId !== organizationId) return false;
  return principal.dispensaryId === null || principal.dispensaryId === dispensaryId;
}

/** Only the operator at the command line: listings across every organization. */
export function requireOperator(actor: SetupActor): void {
  if (actor.kind !== 'operator') throw refuse('only the operator of the service may list every organization');
}
