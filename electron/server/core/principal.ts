import type { FastifyRequest } from 'fastify';
import type { Permission, Role } from '../../../shared/permissions.js';

/** Who is acting: a staff user (login) or a partner integration (signed JWT). */
export interface Principal {
  kind: 'staff' | 'partner';
  /** User id (staff) or certId (partner). */
  subjectId: string;
  /** The organization (MSO entity) whose dispensaries the principal may act on. */
  organizationId: string;
  /** The one store of the organization a store-level login is limited to; null for all of them. */
  dispensaryId: string | null;
  role: Role;
  permissions: ReadonlySet<Permission>;
  /** Username (staff) or partner name, for logs and audit trails. */
  name: string;
  /** The employee number of a staff user, when known. */
  employeeRef: string | null;
  /** The register this session works at (its login or terminal enrollment named it), when known. */
  terminalId: string | null;
}

/** An API client proven by `client_id` + `client_secret`. */
export interface ApiClientIdentity {
  clientId: string;
  organizationId: string;
  /** The one store the client may act for; null for an organization-wide client. */
  dispensaryId: string | null;
  name: string;
}

/** What a route requires before its handler runs. */
export interface AccessRule {
  /** Require valid `client_id` and `client_secret` headers. */
  client?: boolean;
  /** Require a valid bearer token (default true). */
  bearer?: boolean;
  /** Require this permission of the bearer's principal. */
  permission?: Permission;
  /** Refuse partners: only a staff login may call the route. */
  staffOnly?: boolean;
}

/** Checks a request against an access rule before its handler runs (AuthService implements it). */
export interface RequestGuard {
  /** An `onRequest` hook that authenticates the request by `rule` and sets `request.principal`. */
  guard(rule: AccessRule): (request: FastifyRequest) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard when the route requires a bearer token. */
    principal?: Principal;
    /** Set by the auth guard when the route requires client credentials. */
    apiClient?: ApiClientIdentity;
  }
}

/**
 * True when `principal` may act on a record of `organizationId` kept at store `dispensaryId`: its
 * own organization, and its own store when it is limited to one (records of no store are the
 * organization's).
 */
export function inScope(principal: Principal, organizationId: string, dispensaryId: string | null): boolean {
  if (principal.organizationId !== organizationId) return false;
  return principal.dispensaryId === null || dispensaryId === null || principal.dispensaryId === dispensaryId;
}
