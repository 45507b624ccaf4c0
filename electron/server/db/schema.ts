import type {
  OrganizationsTable,
  AddressesTable,
  DispensariesTable,
  LocationsTable,
  TaxClassesTable,
  TaxRatesTable,
  ProductsTable,
  PackagesTable,
} from './schema/catalog.js';
import type {
  OrdersTable,
  OrderItemsTable,
  OrderUnavailableItemsTable,
  OrderStatusHistoryTable,
  IdempotencyKeysTable,
} from './schema/orders.js';
import type {
  ApplicationsTable,
  UsersTable,
  AccessTokensTable,
  ApiClientsTable,
  PartnersTable,
  UsedJwtIdsTable,
} from './schema/auth.js';
import type {
  PaymentProcessorsTable,
  LocationPaymentMethodsTable,
  PaymentDevicesTable,
  PaymentSessionsTable,
  PaymentsTable,
  PaymentRefundsTable,
  RefundLinesTable,
  PaylinksTable,
  PaymentIdempotencyKeysTable,
  ProcessorSandboxLedgerTable,
} from './schema/payments.js';
import type {
  DisplayStatesTable,
  AuditEventsTable,
  BackupsTable,
  ServiceInstancesTable,
  NotificationOverflowTable,
  SchemaMigrationsTable,
} from './schema/service.js';
import type {
  WebhookEndpointsTable,
  WebhookSequencesTable,
  WebhookEventsTable,
  WebhookDeliveriesTable,
} from './schema/webhooks.js';
import type { CashDrawerKicksTable, CashShiftsTable, CashMovementsTable, CashZCountersTable } from './schema/cash.js';

export type { Flag } from './schema/flag.js';
export type * from './schema/catalog.js';
export type * from './schema/orders.js';
export type * from './schema/auth.js';
export type * from './schema/payments.js';
export type * from './schema/service.js';
export type * from './schema/webhooks.js';
export type * from './schema/cash.js';
export type * from './schema/customers.js';
export type * from './schema/state-reporting.js';
export type * from './schema/registers.js';

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
  refund_lines: RefundLinesTable;
  paylinks: PaylinksTable;
  payment_idempotency_keys: PaymentIdempotencyKeysTable;
  processor_sandbox_ledger: ProcessorSandboxLedgerTable;
  display_states: DisplayStatesTable;
  audit_events: AuditEventsTable;
  backups: BackupsTable;
  service_instances: ServiceInstancesTable;
  notification_overflow: NotificationOverflowTable;
  schema_migrations: SchemaMigrationsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_sequences: WebhookSequencesTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  cash_shifts: CashShiftsTable;
  cash_movements: CashMovementsTable;
  cash_z_counters: CashZCountersTable;
  cash_drawer_kicks: CashDrawerKicksTable;
  receipt_printers: import('./schema/printers.js').ReceiptPrintersTable;
  customers: import('./schema/customers.js').CustomersTable;
  allowance_holds: import('./schema/customers.js').AllowanceHoldsTable;
  state_reporting_settings: import('./schema/state-reporting.js').StateReportingSettingsTable;
  state_receipts: import('./schema/state-reporting.js').StateReceiptsTable;
  registers: import('./schema/registers.js').RegistersTable;
  register_queue_marks: import('./schema/registers.js').RegisterQueueMarksTable;
  server_link: import('./schema/registers.js').ServerLinkTable;
  replica_version: import('./schema/registers.js').ReplicaVersionTable;
  store_replica_versions: import('./schema/registers.js').StoreReplicaVersionsTable;
  forward_queue: import('./schema/registers.js').ForwardQueueTable;
  forward_sent: import('./schema/registers.js').ForwardSentTable;
  forward_exceptions: import('./schema/registers.js').ForwardExceptionsTable;
  customer_aliases: import('./schema/registers.js').CustomerAliasesTable;
  stock_holds: import('./schema/registers.js').StockHoldsTable;
  order_loans: import('./schema/registers.js').OrderLoansTable;
  lent_orders: import('./schema/registers.js').LentOrdersTable;
  stock_adjustments: import('./schema/inventory.js').StockAdjustmentsTable;
  catalog_stock_sets: import('./schema/inventory.js').CatalogStockSetsTable;
  state_adjustments: import('./schema/inventory.js').StateAdjustmentsTable;
  state_package_records: import('./schema/inventory.js').StatePackageRecordsTable;
  inventory_counts: import('./schema/inventory.js').InventoryCountsTable;
  inventory_count_entries: import('./schema/inventory.js').InventoryCountEntriesTable;
  rooms: import('./schema/inventory.js').RoomsTable;
  package_moves: import('./schema/inventory.js').PackageMovesTable;
  receipts: import('./schema/inventory.js').ReceiptsTable;
  receipt_lines: import('./schema/inventory.js').ReceiptLinesTable;
  deals: import('./schema/deals.js').DealsTable;
  loyalty_ledger: import('./schema/deals.js').LoyaltyLedgerTable;
  points_holds: import('./schema/loyalty.js').PointsHoldsTable;
  deal_uses: import('./schema/deals.js').DealUsesTable;
  deal_use_holds: import('./schema/deals.js').DealUseHoldsTable;
  report_day_totals: import('./schema/reports.js').ReportDayTotalsTable;
}
