import { sql } from 'kysely';
import { invalidInput } from '../../../shared/errors.js';
import { inLockOrder, type Reservation } from '../catalog/stock-reservations.js';
import { PackageStocks } from '../catalog/package-stock.js';
import { released } from '../catalog/stock-claims.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** What the server answers a register's hold: held, or what each package has (nothing held then). */
export type HoldOutcome = { held: true; expiresAt: string } | { held: false; available: Reservation[] };

/**
 * Stock an attached register holds at its store server for a sale it is writing (migration 021).
 * The server reserves the units as its own ticket would, so the other registers and the ecommerce
 * site see them taken at once; the register's forwarded reservation then takes its units from its
 * holds instead of reserving them again. Packages are locked in id order, as a ticket's are.
 */
export class StockHolds {
  private readonly stocks: PackageStocks;

  constructor(private readonly db: DataLayer) {
    this.stocks = new PackageStocks(db);
  }

  /**
   * Holds every reservation, or none: when one package has too little, what each has instead. A
   * package named twice is held once for both; one the register's store does not have is refused.
   */
  async hold(
    tx: Queryable,
    register: { registerId: string; dispensaryId: string },
    holdId: string,
    reservations: readonly Reservation[],
    now: Date,
    expiryMs: number,
  ): Promise<HoldOutcome> {
    const k = this.db.builder;
    const expiresAt = new Date(now.getTime() + expiryMs).toISOString();
    const known = await tx.first(k.selectFrom('stock_holds').select('expires_at').where('id', '=', holdId));
    if (known) return { held: true, expiresAt: known.expires_at };
    const wanted = inLockOrder(byPackage(reservations));
    const stock = await tx.all(
      this.db.dialect.forNoKeyUpdate(
        k
          .selectFrom('packages')
          // Only stock on the sales floor sells: a package moved off it holds nothing for a register.
          .select([
            'id',
            sql<number>`CASE WHEN room_id IS NULL THEN on_hand_milli - reserved_milli ELSE 0 END`.as('available'),
          ])
          .where(
            'id',
            'in',
            wanted.map((r) => r.packageId),
          )
          .where('location_id', 'in', (s) =>
            s.selectFrom('locations').select('id').where('dispensary_id', '=', register.dispensaryId),
          )
          .orderBy('id'),
      ),
    );
    const available = new Map(stock.map((row) => [row.id, Number(row.available)]));
    const unknown = reservations.findIndex((r) => !available.has(r.packageId));
    if (unknown >= 0) {
      const named = JSON.stringify(reservations[unknown]!.packageId);
      throw invalidInput(`reservations[${unknown}].packageId`, `${named} is not a package of this store`);
    }
    if (wanted.some((r) => (available.get(r.packageId) ?? 0) < r.milli)) {
      return { held: false, available: wanted.map((r) => ({ ...r, milli: available.get(r.packageId) ?? 0 })) };
    }
    for (const { packageId, milli } of wanted) {
      await tx.run(
        k
          .updateTable('packages')
          .set({ reserved_milli: sql<number>`reserved_milli + ${milli}` })
          .where('id', '=', packageId),
      );
      await tx.run(
        k.insertInto('stock_holds').values({
          id: holdId,
          package_id: packageId,
          register_id: register.registerId,
          milli,
          created_at: now.toISOString(),
          expires_at: expiresAt,
        }),
      );
    }
    return { held: true, expiresAt };
  }

  /** Gives a hold's units back (its sale was not written after all): their packages; none of a hold already gone. */
  async release(tx: Queryable, registerId: string, holdId: string): Promise<string[]> {
    const k = this.db.builder;
    const rows = await tx.all(
      this.db.dialect.forUpdate(
        k
          .selectFrom('stock_holds')
          .select(['id', 'package_id as packageId', 'milli'])
          .where('id', '=', holdId)
          .where('register_id', '=', registerId)
          .orderBy('package_id'),
      ),
    );
    for (const row of rows) await this.giveBack(tx, row);
    return rows.map((row) => row.packageId);
  }

  /** Whether a hold's time is up (read outside a write, so an idle server writes nothing). */
  async anyExpired(q: Queryable, now: Date): Promise<boolean> {
    const k = this.db.builder;
    return !!(await q.first(
      k.selectFrom('stock_holds').select('id').where('expires_at', '<=', now.toISOString()).limit(1),
    ));
  }

  /** Gives back the holds whose sale did not come in time (a batch at a time): each package, with its register's store. */
  async expire(tx: Queryable, now: Date, limit = 500): Promise<{ packageId: string; dispensaryId: string }[]> {
    const k = this.db.builder;
    const rows = await tx.all(
      this.db.dialect.forUpdate(
        k
          .selectFrom('stock_holds')
          .select(['id', 'package_id as packageId', 'milli', holderStore.as('dispensaryId')])
          .where('expires_at', '<=', now.toISOString())
          .orderBy('package_id')
          .limit(limit),
      ),
    );
    for (const row of rows) await this.giveBack(tx, row);
    return rows;
  }

  /**
   * Takes up to `milli` of a package from the register's holds, oldest first: the units its
   * forwarded reservation needs no more. Answers how much it took.
   */
  async consume(tx: Queryable, registerId: string, packageId: string, milli: number): Promise<number> {
    const k = this.db.builder;
    const rows = await tx.all(
      this.db.dialect.forUpdate(
        k
          .selectFrom('stock_holds')
          .select(['id', 'milli'])
          .where('register_id', '=', registerId)
          .where('package_id', '=', packageId)
          .orderBy('created_at'),
      ),
    );
    let taken = 0;
    for (const row of rows) {
      if (taken === milli) break;
      const part = Math.min(Number(row.milli), milli - taken);
      taken += part;
      const key = { id: row.id, packageId };
      if (part === Number(row.milli)) {
        await tx.run(k.deleteFrom('stock_holds').where('id', '=', key.id).where('package_id', '=', key.packageId));
      } else {
        await tx.run(
          k
            .updateTable('stock_holds')
            .set({ milli: sql<number>`milli - ${part}` })
            .where('id', '=', key.id)
            .where('package_id', '=', key.packageId),
        );
      }
    }
    return taken;
  }

  /**
   * Gives a hold's units back, as a canceled order's claim ends (catalog/stock-claims.ts): never
   * below zero (a count set the stock lower meanwhile), and on a package short of what its open
   * orders hold, the units go to those orders rather than becoming available.
   */
  private async giveBack(tx: Queryable, row: { id: string; packageId: string; milli: number }): Promise<void> {
    await this.stocks.move(tx, row.packageId, released(Number(row.milli)));
    const k = this.db.builder;
    await tx.run(k.deleteFrom('stock_holds').where('id', '=', row.id).where('package_id', '=', row.packageId));
  }
}

/** The units of each package named, once per package (a sale's two lines of one package hold both). */
function byPackage(reservations: readonly Reservation[]): Reservation[] {
  const milli = new Map<string, number>();
  for (const { packageId, milli: units } of reservations) milli.set(packageId, (milli.get(packageId) ?? 0) + units);
  return [...milli].map(([packageId, units]) => ({ packageId, milli: units }));
}

/** The store of a hold's register, read in a subquery: a join's FOR UPDATE would lock the register's row too. */
const holderStore = sql<string>`(SELECT r.dispensary_id FROM registers r WHERE r.id = stock_holds.register_id)`;

/** A register's reserved stock as it keeps it: the server's, less what the register itself holds here. */
export const reservedLessHolds = (registerId: string) =>
  sql<number>`CAST(reserved_milli - COALESCE((SELECT SUM(h.milli) FROM stock_holds h WHERE h.package_id = packages.id AND h.register_id = ${registerId}), 0) AS bigint)`;
