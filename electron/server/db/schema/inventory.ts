// Inventory adjustments and their state outbox (migration 037).

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
