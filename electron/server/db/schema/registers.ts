import type { Generated } from 'kysely';
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
  /** The last change of its forward queue applied here (migration 020). */
  forwarded_seq: Generated<number>;
  /** The register's forward queue that `forwarded_seq` counts (a new data folder starts another). */
  forward_queue_id: string | null;
  /** The `after` of its last forward: the last change it had let go of then (migration 028). */
  forward_after: Generated<number>;
}

/** On the server: where each forward queue of a register stands (migration 071). */
export interface RegisterQueueMarksTable {
  register_id: string;
  /** The queue (a data folder attached as the register: a machine replaced under its name starts another). */
  queue_id: string;
  /** Its last change applied here. */
  forwarded_seq: Generated<number>;
  /** The `after` of its last forward. */
  forward_after: Generated<number>;
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
  /** 1: the register's changes go into its forward queue; 0 while a refresh writes (migration 020). */
  capture: Generated<number>;
  /** Names the register's forward queue at the server; null on links made before migration 020. */
  queue_id: string | null;
  /** The last change of its forward queue the server answered applied (migration 053). */
  applied_seq: Generated<number>;
  /** When the store server last answered the register's check, to the minute (migration 069); null: not known. */
  answered_at: string | null;
}

/** On a register: its changes waiting to be forwarded to its store server, in order (migration 020). */
export interface ForwardQueueTable {
  seq: Generated<number>;
  table_name: string;
  /** The row's id (the package's, for stock); null for a key of several columns. */
  row_id: string | null;
  /** JSON: the whole row after the change; its key columns for a delete; `{id}` of a package for stock. */
  row_json: string;
  /** `upsert`, `delete`, or `stock` (a package's stock moved by the deltas). */
  op: string;
  on_hand_delta: number | null;
  reserved_delta: number | null;
  created_at: string;
  /** The row's `updated_at` before an update: the version the change was made over (migration 023). */
  base_version: string | null;
}

/**
 * On a register: its changes the store server answered applied, kept a week (migration 070), so a
 * server restored from a backup gets them again.
 */
export interface ForwardSentTable extends Omit<ForwardQueueTable, 'seq'> {
  seq: number;
  /** When the server answered it applied. */
  sent_at: string;
}

/** On the server: what a store must look at after a register's sales were forwarded (migration 020). */
export interface ForwardExceptionsTable {
  id: string;
  dispensary_id: string;
  register_id: string;
  seq: number;
  /**
   * `negative_stock`, `reserved_short`, `number_taken`, `not_applied`, `stored_declined`, `changed_here`,
   * `changes_missing`, `went_back`, `deal_past_limit`, `shift_replaced`, `z_renumbered`.
   */
  kind: string;
  order_id: string | null;
  package_id: string | null;
  /** What happened, in words. */
  detail: string;
  /** JSON: the change as the register sent it, when it could not be applied. */
  record_json: string | null;
  at: string;
}

/** On the server: how many set-up changes a register's replica may have missed (one row, id 1). */
export interface ReplicaVersionTable {
  id: number;
  version: number;
}

/** On the server: the set-up changes of one store (migration 027); its registers add it to the database's. */
export interface StoreReplicaVersionsTable {
  dispensary_id: string;
  version: number;
}

/** On the server: a register's customer id standing for the server's customer of the same ID (migration 020). */
export interface CustomerAliasesTable {
  alias_id: string;
  customer_id: string;
  dispensary_id: string;
}

/** On the server: units a register holds for a sale it is writing (migration 021). */
export interface StockHoldsTable {
  id: string;
  package_id: string;
  register_id: string;
  /** Still held, in thousandths of the unit. */
  milli: number;
  created_at: string;
  expires_at: string;
}

/** On a store server: an online order lent to one register for its hand-over (migration 035). */
export interface OrderLoansTable {
  order_id: string;
  dispensary_id: string;
  register_id: string;
  /** The register's terminal id (`front-1`), as the refusals name it. */
  register_name: string;
  /** The register's cashier who took the order over. */
  cashier: string;
  lent_at: string;
  /** Until when; null once the register took the order's money (lent until handed over). */
  expires_at: string | null;
}

/** On an attached register: a server's online order copied here for its hand-over (migration 035). */
export interface LentOrdersTable {
  order_id: string;
  lent_at: string;
  expires_at: string;
}
