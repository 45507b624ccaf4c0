import type { Flag } from './flag.js';

// Seed-to-sale reporting: a store's state system and the outbox of its sales receipts (migration 016).

export interface StateReportingSettingsTable {
  dispensary_id: string;
  /** The state system's API root, e.g. `https://api-ca.metrc.com`. */
  base_url: string;
  /** The software vendor's key and the licensee's user key (HTTP Basic auth, vendor:user). */
  vendor_key: string;
  user_key: string;
  /** The store's state licence number (`licenseNumber` of every request). */
  license_number: string;
  /** 1: the reporting job sends the store's records; 0: they wait. */
  enabled: Flag;
  updated_at: string;
  updated_by: string;
}

export interface StateReceiptsTable {
  id: string;
  dispensary_id: string;
  order_id: string;
  order_number: string;
  /** `sale` (POSTed), `void` (its sale DELETEd) or `refund` (its sale PUT again, net of refunds). */
  kind: string;
  /** The sale a void or refund changes; null for a sale. */
  sale_id: string | null;
  /** The sale's date and time on the store's wall clock, `YYYY-MM-DDTHH:mm:ss` (Metrc's SalesDateTime). */
  sales_date_time: string;
  /** The store's day (`YYYY-MM-DD`) the record was written on: the back office's day. */
  store_day: string;
  /** `adult_use` or `medical`. */
  customer_type: string;
  /** The medical patient's recommendation or state card number; null for adult use. */
  patient_license: string | null;
  /** JSON: [{packageLabel, quantity, unitOfMeasure, totalCents}] as the state receives them. */
  lines: string;
  /** What the receipt totals after this record (a refund: net of every refund so far). */
  total_cents: number;
  /** The money this record gives back (a refund); 0 otherwise. */
  refund_cents: number;
  /** `pending`, `sent` or `failed`. */
  status: string;
  attempts: number;
  /** When the next try is due (a claimed try: when its claim runs out); null once sent or failed. */
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_status_code: number | null;
  /** What the last try got, in words (the reason a failed record failed). */
  last_result: string | null;
  /** The state system's id of the receipt (a sale's answer), which a void or refund names. */
  state_receipt_id: string | null;
  sent_at: string | null;
  created_at: string;
}
