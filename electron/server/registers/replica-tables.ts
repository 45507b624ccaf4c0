import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Builder } from '../db/query.js';

/** The store a replica is of. */
export interface ReplicaScope {
  organizationId: string;
  dispensaryId: string;
  addressId: number;
}

/** One row as the engines answer it: column name to value (text, number or null). */
export type ReplicaRow = Record<string, string | number | null>;

// Tables are named by data here (the list below), which the builder's table types cannot follow:
// queries over them are built on an untyped view of the same builder.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the line above
type AnyBuilder = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same untyped view
type AnySelect = SelectQueryBuilder<any, any, ReplicaRow>;

/** One table a register keeps a copy of. */
export interface ReplicaTable {
  name: string;
  /** Its primary key's columns: a row of the server replaces the register's row of the same key. */
  key: readonly string[];
  /** Columns that are the register's own (a login's lockout there): written on insert, never replaced. */
  own?: readonly string[];
  /** Rows of the register's copy that the server no longer has are deleted (nothing refers to them). */
  deleteMissing?: boolean;
  /**
   * A server row that clashes with a row of the register's own on another unique key is passed
   * over: the register's row stays (and is forwarded; the server notes it as the same).
   */
  yieldToOwn?: boolean;
  /** A column that only goes up: the greater of the server's value and the register's is kept. */
  greatest?: string;
  /** The store's rows of the table. */
  rows(k: AnyBuilder, scope: ReplicaScope): AnySelect;
}

const ofStore = (table: string) => (k: AnyBuilder, s: ReplicaScope) =>
  k.selectFrom(table).selectAll().where('dispensary_id', '=', s.dispensaryId);
const ofOrganization = (table: string) => (k: AnyBuilder, s: ReplicaScope) =>
  k.selectFrom(table).selectAll().where('organization_id', '=', s.organizationId);
const atLocations = (table: string) => (k: AnyBuilder, s: ReplicaScope) =>
  k
    .selectFrom(table)
    .selectAll()
    .where('location_id', 'in', k.selectFrom('locations').select('id').where('dispensary_id', '=', s.dispensaryId));

/** A ledger entry's columns but the order's number (`loyalty_ledger`, migrations 045 and 064). */
const LEDGER_COLUMNS = [
  'id',
  'dispensary_id',
  'customer_id',
  'order_id',
  'kind',
  'points',
  'note',
  'actor',
  'created_at',
];

/**
 * The store's loyalty entries, each with its order's number (`order_number`): the register has only
 * some of the store's orders, and shows the number of one made at the server from this (README
 * "Loyalty"). The order's number where this node has the order, else the one it was sent.
 */
const ledgerOfStore = (k: AnyBuilder, s: ReplicaScope) =>
  k
    .selectFrom('loyalty_ledger as l')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .select(LEDGER_COLUMNS.map((column) => `l.${column}`))
    .select((e) => e.fn.coalesce('o.order_number', 'l.order_number').as('order_number'))
    .where('l.dispensary_id', '=', s.dispensaryId);

/**
 * What a register attached to a store server keeps of its store, parents before children (the
 * order a copy is written in; the server reads them children first, so every row it sends finds
 * its parent in the same copy). The catalog, prices and stock, taxes, staff (with password hashes,
 * for signing in offline), payment configuration and the register's receipt printers.
 */
export const REPLICA_TABLES: readonly ReplicaTable[] = [
  { name: 'applications', key: ['name'], rows: (k) => k.selectFrom('applications').selectAll() },
  {
    name: 'organizations',
    key: ['id'],
    rows: (k, s) => k.selectFrom('organizations').selectAll().where('id', '=', s.organizationId),
  },
  {
    name: 'addresses',
    key: ['id'],
    rows: (k, s) => k.selectFrom('addresses').selectAll().where('id', '=', s.addressId),
  },
  {
    name: 'dispensaries',
    key: ['id'],
    rows: (k, s) => k.selectFrom('dispensaries').selectAll().where('id', '=', s.dispensaryId),
  },
  { name: 'locations', key: ['id'], rows: ofStore('locations') },
  // The store's customers, so a register finds a returning customer instead of adding them again.
  // One the register added offline under the same ID as the server's keeps its own row.
  { name: 'customers', key: ['id'], yieldToOwn: true, rows: ofStore('customers') },
  // Their points, so a register spends and shows a balance as the server has it (README "Loyalty");
  // its own entries, forwarded, come back under their own ids. Each with its order's number.
  { name: 'loyalty_ledger', key: ['id'], rows: ledgerOfStore },
  { name: 'tax_classes', key: ['id'], rows: ofStore('tax_classes') },
  {
    name: 'tax_rates',
    key: ['id'],
    deleteMissing: true,
    rows: (k, s) =>
      k
        .selectFrom('tax_rates')
        .selectAll()
        .where(
          'tax_class_id',
          'in',
          k.selectFrom('tax_classes').select('id').where('dispensary_id', '=', s.dispensaryId),
        ),
  },
  { name: 'products', key: ['id'], rows: ofStore('products') },
  // The store's one stock: the server's, to which a refresh adds the register's own changes the
  // server has not applied yet (replica-stock.ts).
  { name: 'rooms', key: ['id'], rows: atLocations('rooms') },
  { name: 'packages', key: ['id'], rows: atLocations('packages') },
  // The store's deals, so a register offline prices a cart as the server would (README "Deals").
  { name: 'deals', key: ['id'], deleteMissing: true, rows: ofStore('deals') },
  {
    name: 'users',
    key: ['id'],
    own: ['failed_logins', 'locked_until'],
    rows: (k, s) =>
      k
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', s.organizationId)
        .where((e) => e.or([e('dispensary_id', 'is', null), e('dispensary_id', '=', s.dispensaryId)])),
  },
  { name: 'payment_processors', key: ['id'], rows: ofOrganization('payment_processors') },
  {
    name: 'location_payment_methods',
    key: ['location_id', 'processor_id', 'method'],
    deleteMissing: true,
    rows: atLocations('location_payment_methods'),
  },
  { name: 'payment_devices', key: ['id'], rows: atLocations('payment_devices') },
  // The last Z number of each of the store's registers: a machine that replaces one under its name
  // goes on from it (its Z reports are not numbered from 1 again), and a register's own closes not
  // sent yet are never numbered again (README "Cash drawers").
  {
    name: 'cash_z_counters',
    key: ['dispensary_id', 'terminal_id'],
    greatest: 'last',
    rows: ofStore('cash_z_counters'),
  },
  {
    name: 'receipt_printers',
    key: ['dispensary_id', 'terminal_id'],
    deleteMissing: true,
    rows: ofStore('receipt_printers'),
  },
];

/** The builder's untyped view, for tables named by data. */
export function untyped(k: Builder): AnyBuilder {
  return k as unknown as AnyBuilder;
}
