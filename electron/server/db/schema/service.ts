import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

// What the service keeps about itself: pole display states, the audit trail, backups, instances, large notifications and migrations.

/** What each register's pole display shows: shared by every service instance. */
export interface DisplayStatesTable {
  dispensary_id: string;
  terminal_id: string;
  seq: number;
  /** JSON: the DisplayState. */
  state_json: string;
  updated_at: string;
  /** Who set it (`staff:<id>` or `partner:<certId>`); null for rows set before migration 73. */
  set_by: string | null;
}

export interface AuditEventsTable {
  id: string;
  /** Null only for a sign-in with a username nobody has. */
  organization_id: string | null;
  /** Null for events of a login that is not limited to one store. */
  dispensary_id: string | null;
  at: string;
  action: string;
  /** `staff`, `partner`, `system`, or `unknown` (a username nobody has). */
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  actor_role: string | null;
  terminal_id: string | null;
  order_id: string | null;
  order_number: string | null;
  payment_id: string | null;
  amount_cents: number | null;
  /** What a person gave as why; '' when nothing was given. */
  reason: string;
  /** The service's own words of what the action did ("Items back: …"), apart from the reason; '' for none (migration 67). */
  details: Generated<string>;
}

export interface BackupsTable {
  id: string;
  file: string;
  bytes: number;
  automatic: Flag;
  schema_version: number;
  started_at: string;
  finished_at: string;
}

/** A service instance on this database, alive while its heartbeat is recent and it has not stopped. */
export interface ServiceInstancesTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
  stopped_at: string | null;
}

/**
 * A live-channel message too large for PostgreSQL's NOTIFY, read back by every instance; on SQLite, one
 * from a process serving no live channel (the command line), read by the one serving the file.
 */
export interface NotificationOverflowTable {
  id: Generated<number>;
  payload: string;
  created_at: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}
