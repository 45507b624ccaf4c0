import { sql, type RawBuilder } from 'kysely';

/**
 * Which of a product's packages at a location it sells from next (docs/packages.md): one on the
 * sales floor (a null room) before one elsewhere, one with stock free before one without, then one
 * with stock on hand (all of it held by orders) before an empty one, the soonest to expire before a
 * later one (undated last), then the oldest (ids are time-ordered; a product's first package, made
 * with it, has a random one: without the on-hand step a product whose received package's stock is
 * all held showed its empty first package about once in 150). In SQL for the catalog's and the
 * product list's rows; `sellingPackage` below makes the same choice for a sale's line.
 */
const SELLING_ORDER = (k: string) =>
  sql.raw(
    `CASE WHEN ${k}.room_id IS NULL THEN 0 ELSE 1 END, ` +
      `CASE WHEN ${k}.on_hand_milli > ${k}.reserved_milli THEN 0 ELSE 1 END, ` +
      `CASE WHEN ${k}.on_hand_milli > 0 THEN 0 ELSE 1 END, ` +
      `CASE WHEN ${k}.expires_on IS NULL THEN 1 ELSE 0 END, ${k}.expires_on, ${k}.id`,
  );

/** The id of the package product `p` sells from next at `locationId` (a correlated subquery on `p`). */
export const sellingPackageId = (locationId: string): RawBuilder<string> =>
  sql<string>`(SELECT sk.id FROM packages sk WHERE sk.product_id = p.id AND sk.location_id = ${locationId}
    ORDER BY ${SELLING_ORDER('sk')} LIMIT 1)`;

/**
 * What product `p` has on the sales floor at `locationId`, summed over its packages there:
 * `available` (on hand less what open orders hold) or `onHand`. Zero when none is on the floor.
 */
export const floorStock = (locationId: string, what: 'available' | 'onHand'): RawBuilder<number> => {
  const amount = what === 'available' ? sql`fk.on_hand_milli - fk.reserved_milli` : sql`fk.on_hand_milli`;
  return sql<number>`(SELECT CAST(COALESCE(SUM(${amount}), 0) AS bigint) FROM packages fk
    WHERE fk.product_id = p.id AND fk.location_id = ${locationId} AND fk.room_id IS NULL)`;
};

/** A package as the choice below weighs it. */
export interface SellingCandidate {
  packageId: string;
  onFloor: boolean;
  expiresOn: string | null;
  availableMilli: number;
}

/** The order of SELLING_ORDER, less its "stock free" step (the choice below weighs the quantity). */
function fifo(a: SellingCandidate, b: SellingCandidate): number {
  if (a.onFloor !== b.onFloor) return a.onFloor ? -1 : 1;
  if (a.expiresOn !== b.expiresOn) {
    if (a.expiresOn === null) return 1;
    if (b.expiresOn === null) return -1;
    return a.expiresOn < b.expiresOn ? -1 : 1;
  }
  return a.packageId < b.packageId ? -1 : 1;
}

/**
 * The package a line of `wantedMilli` of one product takes, of its packages at the location: the
 * first on the sales floor (soonest expiring, then oldest) that has all of it free; else the floor
 * package with the most free (the line is filled as far as it goes: a line takes one package);
 * else the first package, which has nothing to sell (`availableMilli` is 0 off the floor).
 */
export function sellingPackage<T extends SellingCandidate>(candidates: readonly T[], wantedMilli = 1): T | undefined {
  const ordered = [...candidates].sort(fifo);
  const floor = ordered.filter((c) => c.onFloor && c.availableMilli > 0);
  const whole = floor.find((c) => c.availableMilli >= wantedMilli);
  if (whole) return whole;
  const most = floor.reduce<T | undefined>(
    (best, c) => (!best || c.availableMilli > best.availableMilli ? c : best),
    undefined,
  );
  return most ?? ordered[0];
}
