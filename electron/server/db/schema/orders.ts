import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

// Orders, their lines, unfilled items and status history, and the ticket API's idempotency keys.

export interface OrdersTable {
  id: string;
  dispensary_id: string;
  location_id: string;
  order_number: string;
  type: string;
  status: string;
  address_id: number;
  sub_total_cents: number;
  discount_cents: number;
  tier_discount_cents: number;
  tax_cents: number;
  delivery_cents: number;
  pay_by_points_cents: number;
  total_cents: number;
  eta: string;
  created_by: string;
  api_client_id: string | null;
  /** JSON: the order's taxes by layer, [{name, amount}] summing to tax_cents (migration 009). */
  tax_layers: string | null;
  /** The store's customer the ticket names, if any (migration 014). */
  customer_id: string | null;
  /** UNPAID, AUTHORIZED or PAID, apart from where the order is in the store (migration 032). */
  payment_status: Generated<string>;
  /** `online` (the ticket API, from a shop) or `register` (a sale at a register) (migration 034). */
  source: Generated<string>;
  /** When the order was promised ready, or null (migration 034). */
  promised_at: string | null;
  /** Who started picking it, as the audit trail names them (migration 034). */
  picker: Generated<string | null>;
  /** JSON: the promo codes typed for it, upper case (migration 044). */
  promo_codes: Generated<string>;
  /** JSON of the discounts given by hand (migration 049; tickets/manual-discounts.ts); '[]' when none. */
  manual_discounts: Generated<string>;
  /** JSON: the ids of the deals the cashier chose for it (migration 044). */
  chosen_deals: Generated<string>;
  /** Points its reward dollars cost the customer (migration 045; README "Loyalty"); 0 when none. */
  loyalty_spent_points: Generated<number>;
  /** Points it earned when paid in full, before any refund (migration 045); null until then. */
  loyalty_earned_points: Generated<number | null>;
  /**
   * The drawer shift its sale closed in when it was paid without a payment at a register (its total
   * $0.00; migration 061, cash/paid-without-payment.ts); null for every other order.
   */
  closed_in_shift_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  line_index: number;
  product_id: string;
  package_id: string;
  location_id: string;
  type: string;
  subtype: string;
  brand: string;
  name: string;
  size: string;
  weight: number;
  unit_type: string;
  barcodes: string;
  package_label: string;
  unit_id: string;
  deli: Flag;
  quantity_milli: number;
  original_quantity_milli: number;
  refunded_quantity_milli: Generated<number>;
  unit_price_cents: number;
  line_sub_total_cents: number;
  line_discount_cents: number;
  line_tax_cents: number;
  discount_description: string;
  /** JSON `[{dealId, name, amountCents}]`: what each deal took off the line (migration 044). */
  deal_discounts: Generated<string>;
  /** One unit's cannabis weight and THC as sold, in mg (migration 015); null when not in the catalog. */
  cannabis_weight_mg: number | null;
  thc_mg: number | null;
}

export interface OrderUnavailableItemsTable {
  order_id: string;
  /** Where the item was in the request (added by migration 3; older rows are numbered by rowid). */
  position: number;
  product_id: string;
  requested_quantity_milli: number;
  available_quantity_milli: number;
  reason: string;
}

export interface OrderStatusHistoryTable {
  id: Generated<number>;
  order_id: string;
  from_status: string | null;
  to_status: string;
  actor: string;
  at: string;
}

export interface IdempotencyKeysTable {
  api_client_id: string;
  idempotency_key: string;
  request_hash: string;
  status_code: number;
  response_json: string;
  created_at: string;
}
