import { moveStock } from '../catalog/stock-claims.js';
import type { DataLayer } from '../db/data-layer.js';
import { REPLICA_TABLES, untyped, type ReplicaRow, type ReplicaScope } from './replica-tables.js';

/** A store's rows as a register keeps them: table name to rows. */
export type ReplicaTables = Record<string, ReplicaRow[]>;

/** The scope of a store's replica: its organization and address. */
export async function replicaScope(db: DataLayer, dispensaryId: string): Promise<ReplicaScope | undefined> {
  const row = await db.first(
    db.builder
      .selectFrom('dispensaries')
      .select(['organization_id as organizationId', 'address_id as addressId'])
      .where('id', '=', dispensaryId),
  );
  return row && { organizationId: row.organizationId, dispensaryId, addressId: row.addressId };
}

/**
 * Reads a store's replica on the server, children before parents: a row added while it reads
 * (a product and its package, say) is either missing with its child or present with its parent,
 * so the register's copy never holds a row whose parent it lacks. Nothing the server keeps is
 * ever deleted from these parents (products go inactive), which is what makes that order enough.
 */
export async function readReplica(db: DataLayer, scope: ReplicaScope, registerId: string): Promise<ReplicaTables> {
  const k = untyped(db.builder);
  const tables: ReplicaTables = {};
  for (const table of [...REPLICA_TABLES].reverse()) {
    tables[table.name] = await db.all(table.rows(k, scope));
  }
  await lessOwnHolds(db, tables.packages ?? [], registerId);
  return tables;
}

/**
 * The units a register holds here are its own reservations, which it keeps in its own copy (its
 * sale is written there): its copy of the stock has them taken off the open orders' claims here
 * (reserved and short), as much of the rest reserved as is on hand.
 */
async function lessOwnHolds(db: DataLayer, packages: ReplicaTables[string], registerId: string): Promise<void> {
  const held = await db.all(
    db.builder
      .selectFrom('stock_holds')
      .select((e) => ['package_id as packageId', e.fn.sum<number>('milli').as('milli')])
      .where('register_id', '=', registerId)
      .groupBy('package_id'),
  );
  if (held.length === 0) return;
  const byPackage = new Map(held.map((h) => [h.packageId, Number(h.milli)]));
  for (const row of packages) {
    const own = byPackage.get(String(row.id));
    if (!own) continue;
    const stock = {
      onHand: Number(row.on_hand_milli),
      reserved: Number(row.reserved_milli),
      short: Number(row.short_milli),
    };
    const split = moveStock(stock, { onHand: 0, claims: -own }).stock;
    row.reserved_milli = split.reserved;
    row.short_milli = split.short;
  }
}
