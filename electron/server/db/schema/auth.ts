import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

// Applications, staff logins, access tokens, API clients and partners.

export interface ApplicationsTable {
  name: string;
  disabled: Generated<Flag>;
  created_at: string;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  /** The one store a store-level user works at; null for the organization's own staff. */
  dispensary_id: string | null;
  username: string;
  display_name: string;
  employee_ref: string | null;
  password_hash: string;
  role: string;
  disabled: Generated<Flag>;
  failed_logins: Generated<number>;
  locked_until: string | null;
  created_at: string;
  /** A manager's or admin's PIN approving cash movements, hashed as passwords are; null: none set. */
  pin_hash: Generated<string | null>;
}

export interface AccessTokensTable {
  token_hash: string;
  subject_kind: string;
  subject_id: string;
  organization_id: string;
  role: string;
  expires_at: string;
  created_at: string;
  /** Wrong own passwords typed on the locked register this session belongs to. */
  unlock_failures: Generated<number>;
  /** Until when that register refuses its own user's password (a manager can still unlock it). */
  unlock_wait_until: string | null;
  /** The register this session works at, as its login or terminal enrollment named it. */
  terminal_id: string | null;
}

export interface ApiClientsTable {
  client_id: string;
  organization_id: string;
  /** The one store the client may act for; null for an organization-wide client. */
  dispensary_id: string | null;
  name: string;
  secret_hash: string;
  disabled: Generated<Flag>;
  created_at: string;
}

export interface PartnersTable {
  cert_id: string;
  organization_id: string;
  name: string;
  public_key_pem: string;
  algorithm: string;
  disabled: Generated<Flag>;
  created_at: string;
}

export interface UsedJwtIdsTable {
  cert_id: string;
  jti: string;
  expires_at: string;
}
