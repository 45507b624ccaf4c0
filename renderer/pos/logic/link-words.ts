import type { LinkStatus } from '../../../shared/contracts/registers';
import type { LiveState } from '../../common/live-stream';
import { storeDateTime, storeTime, zoneName } from '../../../shared/store-time';
import { zonedDate } from '../../../shared/zoned-day';

/** The link banner's words: what happened since when (the store's time), and what it means for the sale. */
export interface OfflineWords {
  /** `offline`: the server does not answer (or refuses the register); `sending`: sales are on their way. */
  tone: 'offline' | 'sending';
  title: string;
  detail: string;
}

/** "1 sale waits" / "3 sales wait"; null when none does. */
export function waitingSales(status: LinkStatus | null): string | null {
  const sales = status?.waiting.sales ?? 0;
  if (sales === 0) return null;
  return sales === 1
    ? '1 sale waits to be sent to the store server.'
    : `${sales} sales wait to be sent to the store server.`;
}

/** "9:05 AM PST" today in the store, else "Yesterday, 9:05 AM PST". */
export function sinceWhen(at: string, timeZone: string, now: Date): string {
  const today = zonedDate(new Date(at), timeZone) === zonedDate(now, timeZone);
  return today ? `${storeTime(at, timeZone)} ${zoneName(timeZone, now)}` : storeDateTime(at, timeZone, now);
}

/**
 * The banner of an attached register: its server does not answer (or refuses it), or sales made
 * offline are being sent; null when there is none to show.
 */
export function offlineWords(status: LinkStatus | null, timeZone: string, now = new Date()): OfflineWords | null {
  const waiting = waitingSales(status);
  if (!status) return null;
  if (status.reachable !== false) {
    return waiting ? { tone: 'sending', title: 'Sending the sales made offline.', detail: waiting } : null;
  }
  const then = waiting ? ` ${waiting}` : '';
  const since = status.since ? ` since ${sinceWhen(status.since, timeZone, now)}` : '';
  if (status.refused) {
    return {
      tone: 'offline',
      title: `The store server refuses this register${since}.`,
      detail:
        'A manager revoked it, or attached another register under its name: a manager attaches it again. ' +
        `Until then it sells on with the catalog, prices and staff it last received.${then}`,
    };
  }
  return {
    tone: 'offline',
    title: `Offline${since}: the store server does not answer.`,
    detail: `Sales go on at this register, with the catalog, prices and staff it last received.${then}`,
  };
}

/** The top bar's state of the register's updates: its dot's tone, its word and what it means. */
export interface LiveWords {
  tone: 'open' | 'offline' | 'waiting';
  label: string;
  title: string;
}

/**
 * The top bar's word beside its dot. An attached register whose store server does not answer says
 * so ("Offline", as the banner below it does), not "Live", although its own service still updates it.
 */
export function liveWords(state: LiveState, status: LinkStatus | null): LiveWords {
  if (status?.reachable === false) {
    return {
      tone: 'offline',
      label: 'Offline',
      title: status.refused
        ? 'The store server refuses this register: it sells on its own'
        : 'The store server does not answer: this register sells on its own',
    };
  }
  if (state === 'open') {
    return { tone: 'open', label: 'Live', title: 'Orders update here as they change' };
  }
  return { tone: 'waiting', label: 'Reconnecting…', title: 'Updates paused: reconnecting to this register’s service' };
}
