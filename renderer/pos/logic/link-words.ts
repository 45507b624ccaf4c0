import type { LinkStatus } from '../../../shared/contracts/registers';
import { storeDateTime, storeTime, zoneName } from '../../../shared/store-time';
import { zonedDate } from '../../../shared/zoned-day';

/** The offline banner's words: what happened since when (the store's time), and what it means for the sale. */
export interface OfflineWords {
  title: string;
  detail: string;
}

/** "9:05 AM PST" today in the store, else "Yesterday, 9:05 AM PST". */
function sinceWhen(at: string, timeZone: string, now: Date): string {
  const today = zonedDate(new Date(at), timeZone) === zonedDate(now, timeZone);
  return today ? `${storeTime(at, timeZone)} ${zoneName(timeZone, now)}` : storeDateTime(at, timeZone, now);
}

/** The banner of an attached register whose server does not answer (or refuses it); null when there is none to show. */
export function offlineWords(status: LinkStatus | null, timeZone: string, now = new Date()): OfflineWords | null {
  if (!status || status.reachable !== false) return null;
  const since = status.since ? ` since ${sinceWhen(status.since, timeZone, now)}` : '';
  if (status.refused) {
    return {
      title: `The store server refuses this register${since}.`,
      detail:
        'A manager revoked it, or attached another register under its name: a manager attaches it again. ' +
        'Until then it sells on with the catalog, prices and staff it last received.',
    };
  }
  return {
    title: `Offline${since}: the store server does not answer.`,
    detail: 'Sales go on at this register, with the catalog, prices and staff it last received.',
  };
}
