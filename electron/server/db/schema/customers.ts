import type { Flag } from './flag.js';
// A dispensary's customers (migration 012).

export interface CustomersTable {
  id: string;
  organization_id: string;
  dispensary_id: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  /** The names as searched: lower case, letters and digits only ("o'brien" → "obrien"). */
  first_key: string;
  last_key: string;
  /** `YYYY-MM-DD` */
  date_of_birth: string;
  /** `drivers_licence`, `state_id`, `passport`, `military_id` */
  id_type: string;
  /** Upper case, letters and digits only; unique per store with its jurisdiction. */
  id_number: string;
  /** The issuer: "CA", or a country for a passport. */
  id_jurisdiction: string;
  /** `YYYY-MM-DD`, the last valid day. */
  id_expiry: string;
  /** `adult_use` or `medical` */
  customer_type: string;
  medical_number: string | null;
  medical_expiry: string | null;
  /** JSON: the recommendation's own limits by group id, or null. */
  medical_limits: string | null;
  /** Digits only. */
  phone: string | null;
  email: string | null;
  notes: string | null;
  /** 1: the store counts them a veteran (deals for veterans; migration 046). */
  veteran: Flag;
  created_at: string;
  updated_at: string;
  /** The staff user who added the customer; null for the operator's command. */
  created_by_id: string | null;
  created_by_name: string;
}

/**
 * On a store server: a customer's allowance an attached register holds for a sale it is writing
 * (migration 31), one row per line of the sale, named by the sale's order id.
 */
export interface AllowanceHoldsTable {
  /** The id of the order the register writes with it. */
  id: string;
  line: number;
  dispensary_id: string;
  customer_id: string;
  register_id: string;
  type: string;
  name: string;
  /** 1: weighed at the counter (the quantity is grams). */
  deli: number;
  quantity_milli: number;
  cannabis_weight_mg: number | null;
  thc_mg: number | null;
  created_at: string;
  expires_at: string;
}
