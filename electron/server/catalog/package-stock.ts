import { sql, type RawBuilder } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { caseOf, slices } from '../db/batch-writes.js';
import { moveStock, type MovedStock, type PackageStock, type StockMove } from './stock-claims.js';

/** A package's stock before a move, and after it. */
export interface StockMoved {
  before: PackageStock;
  after: MovedStock;
}

/** A stock row's numbers as numbers (PostgreSQL's bigint comes back as text). */
export const stockOf = (row: { onHand: unknown; reserved: unknown; short: unknown }): PackageStock => ({
  onHand: Number(row.onHand),
  reserved: Number(row.reserved),
  short: Number(row.short),
});

/**
 * A package's stock read and written as a whole (on hand, reserved, short), its row locked, in the
 * caller's write: what a completed or canceled order, a hold given back or a register's copy moves
 * (catalog/stock-claims.ts says how).
 */
export class PackageStocks {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      read: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(
          k
            .selectFrom('packages')
            .select(['on_hand_milli as onHand', 'reserved_milli as reserved', 'short_milli as short'])
            .where('id', '=', p.id),
        ),
      ),
      write: db.prepare((k, p: { id: string } & PackageStock) =>
        k
          .updateTable('packages')
          .set({ on_hand_milli: p.onHand, reserved_milli: p.reserved, short_milli: p.short })
          .where('id', '=', p.id),
      ),
    };
  }

  /** The package's stock, its row locked until the write ends; undefined when there is no such package. */
  async read(tx: Queryable, packageId: string): Promise<PackageStock | undefined> {
    const row = await tx.first(this.q.read, { id: packageId });
    return row && stockOf(row);
  }

  async write(tx: Queryable, packageId: string, stock: PackageStock): Promise<void> {
    await tx.run(this.q.write, { id: packageId, ...stock });
  }

  /** The stock of `packageIds`, their rows locked in id order until the write ends. */
  async readMany(tx: Queryable, packageIds: readonly string[]): Promise<Map<string, PackageStock>> {
    const found = new Map<string, PackageStock>();
    for (const ids of slices([...packageIds].sort())) {
      const rows = await tx.all(
        this.db.dialect.forNoKeyUpdate(
          this.db.builder
            .selectFrom('packages')
            .select(['id', 'on_hand_milli as onHand', 'reserved_milli as reserved', 'short_milli as short'])
            .where('id', 'in', ids)
            .orderBy('id'),
        ),
      );
      for (const row of rows) found.set(row.id, stockOf(row));
    }
    return found;
  }

  /** Writes each package's stock (read locked by `readMany` in the same write), a few hundred to a statement. */
  async writeMany(tx: Queryable, stocks: ReadonlyMap<string, PackageStock>): Promise<void> {
    for (const part of slices([...stocks])) {
      const of = (pick: (stock: PackageStock) => number) =>
        caseOf('id', new Map(part.map(([id, s]) => [id, pick(s)])), 'bigint');
      await tx.run(
        this.db.builder
          .updateTable('packages')
          .set({
            on_hand_milli: of((s) => s.onHand),
            reserved_milli: of((s) => s.reserved),
            short_milli: of((s) => s.short),
          })
          .where(
            'id',
            'in',
            part.map(([id]) => id),
          ),
      );
    }
  }

  /** Moves the package's stock; undefined (nothing written) when there is no such package. */
  async move(tx: Queryable, packageId: string, change: StockMove): Promise<StockMoved | undefined> {
    const before = await this.read(tx, packageId);
    if (!before) return undefined;
    const after = moveStock(before, change);
    await this.write(tx, packageId, after.stock);
    return { before, after };
  }
}

/**
 * The reserved and short of a package whose stock on hand is set to `onHand` (a count, an
 * import), in SQL of both engines: the open orders' claims are kept, as much of them reserved as is
 * on hand and the rest short (as moveStock splits them).
 */
export function claimsSplitAt(onHand: number): {
  reserved_milli: RawBuilder<number>;
  short_milli: RawBuilder<number>;
} {
  const claims = sql<number>`(reserved_milli + short_milli)`;
  return {
    reserved_milli: sql<number>`CASE WHEN ${claims} < ${onHand} THEN ${claims} ELSE ${onHand} END`,
    short_milli: sql<number>`CASE WHEN ${claims} < ${onHand} THEN 0 ELSE ${claims} - ${onHand} END`,
  };
}
