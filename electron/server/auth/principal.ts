import type { Permission, Role } from '../../../shared/permissions.js';

/** Who is acting: a staff user (login) or a partner integration (signed JWT). */
export interface Principal {
  kind: 'staff' | 'partner';
  /** User id (staff) or certId (partner). */
  subjectId: string;
  /** The organization (MSO entity) whose dispensaries the principal may act on. */
  organizationId: string;
  role: Role;
  permissions: ReadonlySet<Permission>;
  /** Username (staff) or partner name, for logs and audit trails. */
  name: string;
  /** The employee number of a staff user, when known. */
  employeeRef: string | null;
}

/** An API client proven by `client_id` + `client_secret`. */
export interface ApiClientIdentity {
  clientId: string;
  organizationId: string;
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

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard when the route requires a bearer token. */
    principal?: Principal;
    /** Set by the auth guard when the route requires client credentials. */
    apiClient?: ApiClientIdentity;
  }
}
