import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

/** A store's deal (migration 043; shared/deals/deal.ts): looked-up fields as columns, the rest JSON. */
export interface DealsTable {
  id: string;
  dispensary_id: string;
  name: string;
  kind: string;
  trigger: string;
  /** Upper case; null for a deal that is not unlocked by a code. */
  code: string | null;
  exclusive: Generated<Flag>;
  priority: Generated<number>;
  per_customer_limit: number | null;
  total_limit: number | null;
  active: Generated<Flag>;
  /** JSON: the rest of the `Deal` (rates, prices, scope, schedule, groups, breaks). */
  definition: string;
  created_at: string;
  updated_at: string;
  /** When it was archived (kept for the sales that name it); null: in use. */
  archived_at: string | null;
}

/** One move of a customer's loyalty points (migration 045; README "Loyalty"): the balance is their sum. */
export interface LoyaltyLedgerTable {
  id: string;
  dispensary_id: string;
  customer_id: string;
  /** The sale that moved them, or null (a manager's adjustment). */
  order_id: string | null;
  /** earned, reversed, spent, returned or adjusted (shared/contracts/loyalty.ts). */
  kind: string;
  /** Signed: what it added to the balance. */
  points: number;
  note: string;
  /** Who, as the audit trail names them. */
  actor: string;
  created_at: string;
  /**
   * On an attached register: the number of the entry's order as its store server sent it (the
   * register may not have that order); null elsewhere (migration 064).
   */
  order_number: Generated<string | null>;
}

/** An order that got a deal, while it is not canceled (migration 050): a deal's uses are its rows. */
export interface DealUsesTable {
  order_id: string;
  deal_id: string;
  /** The order's store and customer (null: none), as the order has them now. */
  dispensary_id: string;
  customer_id: string | null;
}

/** A use of a deal with a limit an attached register holds at its store server for a sale it writes (migration 063). */
export interface DealUseHoldsTable {
  /** The id of the order the register writes with it. */
  hold_id: string;
  deal_id: string;
  dispensary_id: string;
  /** The server's id of the sale's customer (null: none). */
  customer_id: string | null;
  register_id: string;
  created_at: string;
  expires_at: string;
}
