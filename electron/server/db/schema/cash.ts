import type { Flag } from './flag.js';

// Cash drawers: shifts of a register, their cash movements and the Z counter (migration 007).

export interface CashShiftsTable {
  id: string;
  organization_id: string;
  dispensary_id: string;
  terminal_id: string;
  /** `open` or `closed`; at most one open per register (partial unique index). */
  status: string;
  /** The cashier does not see the expected cash before counting. */
  blind: Flag;
  opened_by_id: string;
  opened_by_name: string;
  opened_at: string;
  float_cents: number;
  /** JSON: the float's count by denomination, when it was counted that way. */
  float_count: string | null;
  closed_by_id: string | null;
  closed_by_name: string | null;
  closed_at: string | null;
  counted_cents: number | null;
  /** JSON: the closing count by denomination, when it was counted that way. */
  counted_count: string | null;
  expected_cents: number | null;
  over_short_cents: number | null;
  /** Gapless per register, given in the close's transaction. */
  z_number: number | null;
  /** JSON: the cash flows the close added up (the Z report never changes after it). */
  z_flows: string | null;
  /** JSON: the sales the close added up (ShiftSales; migration 009). */
  z_sales: string | null;
  /**
   * Who counted the drawer of a shift closed as replaced, not counted, and when: after its close, so
   * apart from `closed_*` (migration 072). Null on every other shift: its count is its close's.
   */
  counted_by_id: string | null;
  counted_by_name: string | null;
  counted_at: string | null;
}

export interface CashMovementsTable {
  id: string;
  shift_id: string;
  /** `paid_in`, `paid_out`, `safe_drop` or `no_sale`. */
  kind: string;
  amount_cents: number;
  reason: string;
  actor_id: string;
  actor_name: string;
  at: string;
  /** The manager who approved it with their PIN, where the store asks for one. */
  approved_by_id: string | null;
  approved_by_name: string | null;
}

/** The last Z number given at a register. */
export interface CashZCountersTable {
  dispensary_id: string;
  terminal_id: string;
  last: number;
}

/** The drawer opened with a sale's receipt: once per sale of the shift (migration 029). */
export interface CashDrawerKicksTable {
  shift_id: string;
  order_id: string;
  kicked_at: string;
  kicked_by_id: string;
}
