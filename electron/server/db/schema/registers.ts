// Registers attached to a store server (migration 018).

/** On the server: a register a manager enrolled, with its own credentials. */
export interface RegistersTable {
  id: string;
  dispensary_id: string;
  /** Its terminal id at the store (`front-1`). */
  name: string;
  /** The hash of its secret (as API client secrets are kept). */
  secret_hash: string;
  /** The user who enrolled it. */
  enrolled_by: string;
  enrolled_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

/** On a register: the one server and store it is attached to (at most one row). */
export interface ServerLinkTable {
  register_id: string;
  server_url: string;
  /** The register's own secret: the register's database is the register's, as a device key is. */
  secret: string;
  dispensary_id: string;
  name: string;
  attached_at: string;
  /** When its replica was last refreshed from the server; null: never yet. */
  refreshed_at: string | null;
  /** Why the last refresh failed, in words; null after a refresh that worked. */
  last_problem: string | null;
}

/** On the server: how many set-up changes a register's replica may have missed (one row, id 1). */
export interface ReplicaVersionTable {
  id: number;
  version: number;
}
