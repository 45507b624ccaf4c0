import type { Generated } from 'kysely';

/**
 * The tables and columns the repositories query, as Kysely types them. Both engines store the same
 * shapes: text ids and ISO 8601 UTC timestamps, integer cents and thousandths, 0/1 flags, JSON as
 * text (nothing queries inside it). Migrations (./migrations) create exactly these.
 */
export interface Database {
  organizations: OrganizationsTable;
  addresses: AddressesTable;
  dispensaries: DispensariesTable;
  locations: LocationsTable;
  tax_classes: TaxClassesTable;
  tax_rates: TaxRatesTable;
  products: ProductsTable;
  packages: PackagesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_unavailable_items: OrderUnavailableItemsTable;
  order_status_history: OrderStatusHistoryTable;
  idempotency_keys: IdempotencyKeysTable;
  applications: ApplicationsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  api_clients: ApiClientsTable;
  partners: PartnersTable;
  used_jwt_ids: UsedJwtIdsTable;
  payment_processors: PaymentProcessorsTable;
  location_payment_methods: LocationPaymentMethodsTable;
  payment_devices: PaymentDevicesTable;
  payment_sessions: PaymentSessionsTable;
  payments: PaymentsTable;
  payment_refunds: PaymentRefundsTable;
  paylinks: PaylinksTable;
  payment_idempotency_keys: PaymentIdempotencyKeysTable;
  processor_sandbox_ledger: ProcessorSandboxLedgerTable;
  display_states: DisplayStatesTable;
  service_instances: ServiceInstancesTable;
  notification_overflow: NotificationOverflowTable;
  schema_migrations: SchemaMigrationsTable;
}

/** A 0/1 column (SQLite has no boolean type; PostgreSQL stores the same integers). */
export type Flag = number;

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
}

export interface PackagesTable {
  id: string;
  product_id: string;
  location_id: string;
  unit_id: string;
  label: string;
  price_cents: number;
  discount_ppm: Generated<number>;
  discount_description: Generated<string>;
  on_hand_milli: number;
  reserved_milli: Generated<number>;
}

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

export interface ApplicationsTable {
  name: string;
  disabled: Generated<Flag>;
  created_at: string;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  /** The one store a store-level user works at; null for the organization's own staff. */
  dispensary_id: string | null;
  username: string;
  display_name: string;
  employee_ref: string | null;
  password_hash: string;
  role: string;
  disabled: Generated<Flag>;
  failed_logins: Generated<number>;
  locked_until: string | null;
  created_at: string;
}

export interface AccessTokensTable {
  token_hash: string;
  subject_kind: string;
  subject_id: string;
  organization_id: string;
  role: string;
  expires_at: string;
  created_at: string;
  /** Wrong own passwords typed on the locked register this session belongs to. */
  unlock_failures: Generated<number>;
  /** Until when that register refuses its own user's password (a manager can still unlock it). */
  unlock_wait_until: string | null;
}

export interface ApiClientsTable {
  client_id: string;
  organization_id: string;
  /** The one store the client may act for; null for an organization-wide client. */
  dispensary_id: string | null;
  name: string;
  secret_hash: string;
  disabled: Generated<Flag>;
  created_at: string;
}

export interface PartnersTable {
  cert_id: string;
  organization_id: string;
  name: string;
  public_key_pem: string;
  algorithm: string;
  disabled: Generated<Flag>;
  created_at: string;
}

export interface UsedJwtIdsTable {
  cert_id: string;
  jti: string;
  expires_at: string;
}

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
  /** The service instance driving this pending payment (PIN pad, processor call, paylink expiry). */
  instance_id: string | null;
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

/** What each register's pole display shows: shared by every service instance. */
export interface DisplayStatesTable {
  dispensary_id: string;
  terminal_id: string;
  seq: number;
  /** JSON: the DisplayState. */
  state_json: string;
  updated_at: string;
}

/** A service instance on this database, alive while its heartbeat is recent and it has not stopped. */
export interface ServiceInstancesTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
  stopped_at: string | null;
}

/** A live-channel message too large for PostgreSQL's NOTIFY, read back by every instance. */
export interface NotificationOverflowTable {
  id: Generated<number>;
  payload: string;
  created_at: string;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: string;
}
