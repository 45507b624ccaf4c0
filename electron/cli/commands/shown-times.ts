import { storeDay, storeStamp } from '../../../shared/store-time.js';
import type { Dispensary } from '../../server/dispensaries/dispensary.js';
import { plainSpaces } from '../cli-context.js';

// Times the CLI prints for people: in the store's zone, as the back office shows them (`--json` keeps ISO).

/** Where the zone was not a store's own (several zones, or no store): the zone used is named. */
const FALLBACK_ZONE = 'UTC';

/**
 * The time zone a listing's times are shown in: the store's, or the one every store of the
 * listing shares (an organization's, or every store's when neither is given); UTC when its stores
 * are in several zones or it has none (the shown times then name it).
 */
export function zoneOf(stores: readonly Dispensary[], where: { shortName?: string; organizationId?: string }): string {
  const named = stores.filter((store) =>
    where.shortName !== undefined
      ? store.shortName === where.shortName
      : where.organizationId === undefined || store.organizationId === where.organizationId,
  );
  const zones = new Set(named.map((store) => store.timezone));
  return zones.size === 1 ? [...zones][0]! : FALLBACK_ZONE;
}

/**
 * "Dec 4, 2026": the day of a moment in `timeZone`, with its year (an organization or a client is
 * kept for years); "Dec 4, 2026 (UTC)" when the zone is UTC, which is seldom a store's.
 */
export function shownDay(at: string, timeZone: string): string {
  const day = plainSpaces(storeDay(at, timeZone));
  return timeZone === FALLBACK_ZONE ? `${day} (UTC)` : day;
}

/** "Dec 4, 2026, 7:35 AM PST": a moment in full in `timeZone`, for a terminal (plain spaces). */
export const shownStamp = (at: string, timeZone: string) => plainSpaces(storeStamp(at, timeZone));
