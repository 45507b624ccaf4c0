// Inventory: adjustments and their state outbox (037), counts (038), rooms and moves (040), receipts (041).
import type { Generated } from 'kysely';

export interface StockAdjustmentsTable {
  id: string;
  dispensary_id: string;
  package_id: string;
  product_id: string;
  /** The package's state tag when it was adjusted ('' for a package without one). */
  package_label: string;
  /** Thousandths of the unit, signed, never 0. */
  delta_milli: number;
  before_milli: number;
  after_milli: number;
  /** The reason's code (shared/inventory/adjustment-reasons.ts). */
  reason: string;
  note: string;
  /** `staff` or `operator` (the `servicepay` command). */
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  /** The manager whose PIN approved it, where the store's policy asked for one. */
  approved_by_id: string | null;
  approved_by_name: string | null;
  at: string;
  /** The store's day (`YYYY-MM-DD`) it was made on. */
  store_day: string;
}

/** The stock a catalog import set on a package (migration 58): a movement, not an adjustment. */
export interface CatalogStockSetsTable {
  id: string;
  dispensary_id: string;
  package_id: string;
  product_id: string;
  /** Thousandths of the unit, signed, never 0: after − before. */
  delta_milli: number;
  before_milli: number;
  after_milli: number;
  at: string;
  /** The store's day (`YYYY-MM-DD`) of the import. */
  store_day: string;
}

export interface StateAdjustmentsTable {
  id: string;
  dispensary_id: string;
  adjustment_id: string;
  /** Metrc's Label, Quantity (signed, thousandths here), UnitOfMeasure, AdjustmentReason, ReasonNote, AdjustmentDate. */
  package_label: string;
  quantity_milli: number;
  unit_of_measure: string;
  reason: string;
  reason_note: string;
  adjustment_date: string;
  /** `pending`, `sent` or `failed`, as state_receipts. */
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_result: string | null;
  sent_at: string | null;
  created_at: string;
}

/** The state's record of a delivery received or a package moved (migration 042). */
export interface StatePackageRecordsTable {
  id: string;
  dispensary_id: string;
  kind: 'received' | 'moved';
  /** The receipt's or the move's id. */
  source_id: string;
  /** The manifest number, or the package's tag. */
  subject: string;
  /** The state's request body, JSON. */
  body: string;
  /** The store's day it was written on. */
  record_date: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  last_result: string | null;
  sent_at: string | null;
  created_at: string;
}

// Inventory counts (migration 038).

/** A count's status: entries are taken while OPEN; APPLIED and CANCELLED are final. */
export type CountStatus = 'OPEN' | 'PAUSED' | 'APPLIED' | 'CANCELLED';

export interface InventoryCountsTable {
  id: string;
  dispensary_id: string;
  /** 1, 2, 3…: the count's number at its store. */
  number: number;
  name: string;
  note: string;
  /** JSON: `{}` every package of the store, `{"categories":["FLOWER"]}` those of some categories. */
  scope: string;
  status: CountStatus;
  started_by_id: string | null;
  started_by_name: string;
  started_at: string;
  /** Who applied or cancelled it (null while open), and when. */
  closed_by_id: string | null;
  closed_by_name: string | null;
  /** The manager who approved the applying (themselves, or the one whose PIN was given). */
  approved_by_id: string | null;
  approved_by_name: string | null;
  closed_at: string | null;
}

export interface InventoryCountEntriesTable {
  count_id: string;
  package_id: string;
  counted_milli: number;
  /** The package's stock on hand when it was counted (thousandths). */
  expected_milli: number;
  /** How many times it was entered: the last entry is kept. */
  entries: number;
  counted_by_id: string | null;
  counted_by_name: string;
  counted_at: string;
  /** The adjustment the difference became, once the count is applied (null: none, or not yet). */
  adjustment_id: string | null;
}

/** A room of a store's location besides its sales floor (migration 040). */
export interface RoomsTable {
  id: string;
  dispensary_id: string;
  location_id: string;
  name: string;
  kind: 'storage' | 'quarantine';
  /** 1 once archived: kept for the moves that name it, offered for none. */
  archived: Generated<number>;
  created_at: string;
}

/** A package moved from one room to another (null room: the sales floor), as it was then. */
export interface PackageMovesTable {
  id: string;
  dispensary_id: string;
  package_id: string;
  package_label: string;
  from_room_id: string | null;
  to_room_id: string | null;
  from_room: string;
  to_room: string;
  note: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  at: string;
}

/** A delivery received at a store (migration 041). */
export interface ReceiptsTable {
  id: string;
  dispensary_id: string;
  manifest_number: string;
  shipper_license: string;
  shipper_name: string | null;
  /** The room the packages went to; null: the sales floor. Its name as it was, in room_name. */
  room_id: string | null;
  room_name: string;
  note: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string;
  at: string;
  store_day: string;
}

/** One package of a received manifest: received (a product and a package) or refused. */
export interface ReceiptLinesTable {
  receipt_id: string;
  line_index: number;
  label: string;
  item_name: string;
  unit: string;
  shipped_milli: number;
  /** 0 when refused; less than shipped for a shortage. */
  received_milli: number;
  wholesale_cents: number | null;
  product_id: string | null;
  package_id: string | null;
  refused_reason: string | null;
}
