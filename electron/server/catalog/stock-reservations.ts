import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import { writeStep, type Prepared, type WriteStep } from '../db/query.js';

/**
 * `rows` in the order of their packages' ids: the order in which every writer of the store locks
 * packages (a ticket's reservation, a group of tickets, a hold, a cancel), so that none waits for
 * another in a circle.
 */
export function inLockOrder<T extends { packageId: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.packageId < b.packageId ? -1 : 1));
}

/** Units (thousandths) of one package an order takes. */
export interface Reservation {
  packageId: string;
  milli: number;
}

/** `CASE id WHEN :id0 THEN :milli0 … END` over the reservations of a prepared multi-package update. */
function milliById(p: Record<string, string | number>, count: number) {
  const whens = Array.from(
    { length: count },
    (_, i) => sql`WHEN ${p[`id${i}`]} THEN CAST(${p[`milli${i}`]} AS bigint)`,
  );
  return sql<number>`CASE id ${sql.join(whens, sql` `)} END`;
}

/**
 * The reservations of orders' units: one conditional UPDATE of all of a ticket's packages, compiled
 * once per number of packages (InventoryRepository.reserving).
 */
export class StockReservations {
  private readonly byCount = new Map<number, Prepared<Record<string, string | number>, never>>();

  constructor(private readonly db: DataLayer) {}

  /**
   * The conditional UPDATE taking each reservation's units off its package, as a write of
   * `Queryable.runAll`: it changes one row per reservation, or fewer when one has not enough.
   */
  reserving(reservations: readonly Reservation[]): WriteStep {
    const params: Record<string, string | number> = {};
    reservations.forEach(({ packageId, milli }, i) =>
      Object.assign(params, { [`id${i}`]: packageId, [`milli${i}`]: milli }),
    );
    return writeStep(this.prepared(reservations.length), params);
  }

  /** One conditional UPDATE for n packages: one round trip for a whole ticket's lines. */
  private prepared(count: number): Prepared<Record<string, string | number>, never> {
    let prepared = this.byCount.get(count);
    if (!prepared) {
      prepared = this.db.prepare((k, p: Record<string, string | number>) => {
        const ids = Array.from({ length: count }, (_, i) => p[`id${i}`] as string);
        const milli = milliById(p, count);
        // The rows locked in id order first (as a ticket's locked read does): two tickets taking
        // the same packages never wait on each other in a circle.
        const locked = this.db.dialect.forNoKeyUpdate(
          k.selectFrom('packages').select('id').where('id', 'in', ids).orderBy('id'),
        );
        // Only the sales floor sells: a package moved off it since the ticket read it is not
        // reserved (the write changes fewer rows, and the ticket reads its stock again).
        return k
          .updateTable('packages')
          .set({ reserved_milli: sql<number>`reserved_milli + ${milli}` })
          .where('id', 'in', locked)
          .where('room_id', 'is', null)
          .where(sql<number>`on_hand_milli - reserved_milli`, '>=', milli);
      }) as Prepared<Record<string, string | number>, never>;
      this.byCount.set(count, prepared);
    }
    return prepared;
  }
}
