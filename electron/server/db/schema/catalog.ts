import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

// Organizations, their stores and locations, taxes, the catalog and its stock.

export interface OrganizationsTable {
  id: string;
  name: string;
  created_at: string;
}

export interface AddressesTable {
  id: Generated<number>;
  street: string;
  city: string;
  state: string;
  county: string | null;
  country: string | null;
  type: string | null;
  zip: string;
  comment: Generated<string>;
  longitude: number | null;
  latitude: number | null;
  apt: Generated<string>;
  is_primary: Generated<Flag>;
}

export interface DispensariesTable {
  id: string;
  organization_id: string;
  short_name: string;
  name: string;
  timezone: string;
  preparation_minutes: number;
  /** JSON: seven entries, Sunday first, each {"open","close"} or null when closed. */
  opening_hours: string;
  address_id: number;
  created_at: string;
  /** 1: every drawer of the store closes blind (the cashier counts without seeing the expected cash). */
  blind_close: Generated<Flag>;
  /** JSON array of the cash movement kinds that need a manager's approval (PIN). */
  manager_approval: Generated<string>;
  /** The state rules it sells under (a profile id of shared/compliance, e.g. `us-ca`); null: none. */
  compliance_profile: Generated<string | null>;
  /** The state licence number its receipts print (migration 17); null: not set. */
  licence_number: Generated<string | null>;
  /** Cents: the most one card payment stored offline at its registers may be (migration 26). */
  offline_card_max_cents: Generated<number>;
  /** Cents: the most a register's stored payments not yet sent may add up to (migration 26). */
  offline_card_total_cents: Generated<number>;
  /** Hours an order packed and ready for pickup is held before it is canceled (migration 33). */
  pickup_hold_hours: Generated<number>;
  /** Adjustments needing a manager's PIN (migration 37): null none, 0 every one, N those moving more than N thousandths. */
  adjustment_pin_milli: Generated<number | null>;
  /** Manual discounts needing a manager's PIN (migration 049): null none, 0 every one, N over N % of the sale. */
  manual_discount_pin_percent: Generated<number | null>;
  /** JSON of its loyalty programme (migration 045; shared/contracts/loyalty.ts), or null: never set up. */
  loyalty: Generated<string | null>;
}

export interface LocationsTable {
  id: string;
  dispensary_id: string;
  name: string;
  is_primary: Generated<Flag>;
}

export interface TaxClassesTable {
  id: Generated<number>;
  dispensary_id: string;
  code: string;
  name: string;
}

export interface TaxRatesTable {
  id: Generated<number>;
  tax_class_id: number;
  name: string;
  rate_ppm: number;
}

export interface ProductsTable {
  id: string;
  dispensary_id: string;
  sku: string | null;
  type: string;
  subtype: string;
  brand: string;
  name: string;
  size: string;
  weight: number;
  unit_type: string;
  barcodes: Generated<string>;
  tax_class_id: number;
  deli: Generated<Flag>;
  active: Generated<Flag>;
  created_at: string;
  updated_at: string;
  /** Cannabis weight of one unit in mg (null: not known; deli items: the weight sold counts). */
  cannabis_weight_mg: number | null;
  /** THC of one unit in mg (per gram for deli items); null: not known. */
  thc_mg: number | null;
  /** Thousandths of the unit at or under which the product is low on stock; null: no threshold (migration 36). */
  low_stock_milli: number | null;
  /** JSON `[{weightMg, priceCents}]`, lightest first: weighed flower's prices by weight (migration 36). */
  price_breaks: Generated<string>;
  /** CBD of one unit in mg (per gram for deli items); null: not known (migration 36). */
  cbd_mg: number | null;
  /** JSON `["staff-pick", …]`: the store's words for it that deals may be for; `[]` none (migration 47). */
  tags: Generated<string>;
}

export interface PackagesTable {
  id: string;
  product_id: string;
  location_id: string;
  unit_id: string;
  label: string;
  /** `label` as tags are compared (trimmed, upper case), kept by the database on every write (migration 55). */
  label_key: Generated<string>;
  price_cents: number;
  discount_ppm: Generated<number>;
  discount_description: Generated<string>;
  on_hand_milli: number;
  reserved_milli: Generated<number>;
  /** Units open orders hold beyond what is on hand (then all on hand is reserved; migration 030). */
  short_milli: Generated<number>;
  /** What one unit (one gram for deli items) cost the store, in cents; null: not known (migration 039). */
  unit_cost_cents: number | null;
  /**
   * What `cost_milli` thousandths of a unit cost, in cents (a received package: its wholesale price
   * and shipped quantity); both null: not known (migration 068). Value and margins divide by it once.
   */
  cost_cents: number | null;
  cost_milli: number | null;
  /** The room it is in; null: its location's sales floor, the only place stock sells from (migration 040). */
  room_id: string | null;
  /** The state's packaged and expiry dates (YYYY-MM-DD), where known (migration 040). */
  packaged_on: string | null;
  expires_on: string | null;
  /** JSON `{thcPercent?, cbdPercent?, lab?, testedOn?}`: the lab certificate's results, where known. */
  lab_results: string | null;
}
