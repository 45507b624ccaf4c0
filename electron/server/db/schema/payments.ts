import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

// Processors, methods and devices of each location, payment sessions, payments, refunds and paylinks.

export interface PaymentProcessorsTable {
  id: string;
  organization_id: string;
  name: string;
  kind: string;
  /** JSON: the adapter's settings. */
  settings: Generated<string>;
  is_default: Generated<Flag>;
  created_at: string;
}

export interface LocationPaymentMethodsTable {
  location_id: string;
  processor_id: string;
  method: string;
  enabled: Generated<Flag>;
  updated_at: string;
}

export interface PaymentDevicesTable {
  id: string;
  location_id: string;
  processor_id: string;
  name: string;
  model: string;
  serial_number: string;
  disabled: Generated<Flag>;
  created_at: string;
  /** `pinpad`, or a configuration the service keeps itself: `card_not_present`, `cash_drawer`. */
  kind: Generated<string>;
}

export interface PaymentSessionsTable {
  id: string;
  organization_id: string;
  dispensary_id: string | null;
  order_id: string | null;
  channel: string;
  status: string;
  principal: string;
  reuse_key: string;
  original_amount_cents: number;
  tip_cents: number;
  /** JSON: the rest of the payment event. */
  request_json: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

export interface PaymentsTable {
  id: string;
  session_id: string;
  organization_id: string;
  dispensary_id: string | null;
  order_id: string | null;
  ticket_alpha_num_id: string | null;
  processor_id: string | null;
  processor_name: string;
  device_id: string | null;
  method: string;
  entry: string;
  status: string;
  stage: string | null;
  provider_trans_type: string;
  provider_payment_type: string | null;
  payment_direction: string | null;
  last_action: string;
  amount_cents: number;
  tip_cents: number;
  tax_cents: number | null;
  fee_cents: Generated<number>;
  cashback_cents: Generated<number>;
  charged_cents: number;
  tendered_cents: number | null;
  change_cents: Generated<number>;
  refunded_cents: Generated<number>;
  captured: Generated<Flag>;
  charge_id: string | null;
  invoice_id: string | null;
  response_code: Generated<string>;
  response_message: Generated<string>;
  response_detail: Generated<string>;
  reference_number: string;
  card_brand: string | null;
  card_last4: string | null;
  customer_json: string | null;
  employee_ref: string;
  associate_id: string;
  transacting_associate_id: string | null;
  actor: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** When an attached register stored it while the card processor did not answer (migration 022). */
  stored_at: string | null;
  /** The service instance driving this pending payment (PIN pad, processor call, paylink expiry). */
  instance_id: string | null;
  /** The register it was taken at (the principal's terminal), when known (migration 007). */
  terminal_id: Generated<string | null>;
  /** The drawer shift open at that register when it was taken (migration 009). */
  shift_id: Generated<string | null>;
  /** 1 when it paid what was left of its order (or its session, with no order): it completed a sale. */
  closes_sale: Generated<Flag>;
}

export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  amount_cents: number;
  status: string;
  response_code: string;
  response_detail: string;
  actor: string;
  created_at: string;
  /** The register the refund was handed out at, when known (migration 007). */
  terminal_id: Generated<string | null>;
  /** The drawer shift open at that register when it was handed out (migration 009). */
  shift_id: Generated<string | null>;
  /** The Idempotency-Key it was sent with, and its request's hash (migration 054). */
  idempotency_key: Generated<string | null>;
  request_hash: Generated<string | null>;
}

/** One line an approved refund gave back (migration 066). */
export interface RefundLinesTable {
  refund_id: string;
  order_item_id: string;
  /** Where the line was in the refund's request (its answer lists them so). */
  position: number;
  quantity_milli: number;
  amount_cents: number;
  tax_cents: number;
  restocked: Flag;
  created_at: string;
}

export interface PaylinksTable {
  token_hash: string;
  payment_id: string;
  expires_at: string;
  created_at: string;
}

export interface PaymentIdempotencyKeysTable {
  session_id: string;
  idempotency_key: string;
  request_hash: string;
  payment_id: string;
  created_at: string;
}

export interface ProcessorSandboxLedgerTable {
  processor: string;
  reference: string;
  transaction_id: string;
  kind: string;
  amount_cents: number;
  status: string;
  response_code: string;
  captured: Generated<Flag>;
  refunded_cents: Generated<number>;
  created_at: string;
  updated_at: string;
}
