import type { LinkStatus } from '../../../shared/contracts/registers';
import { sinceWhen } from './link-words';

/**
 * The pickup queue of a register attached to a store server (README "Attaching registers"): the
 * orders are the server's, so while it does not answer the list is the last one read and nothing
 * moves from here.
 */

/**
 * Whether the register hears the store's online orders as they change: a standalone register keeps
 * them itself; an attached one while its server answers and its stream of the server's orders is open.
 * When this turns, the queue is read again (the last list, said not current; or the server's again).
 */
export function queueFollows(status: LinkStatus | null): boolean {
  return status === null || (status.reachable === true && status.ordersLive);
}

/** What the tab says above a list that is not current. */
export interface StaleWords {
  title: string;
  detail: string;
}

/** The calm line over a list that is not current: as of when, and what waits for the link. */
export function staleWords(asOf: string, timeZone: string, now = new Date()): StaleWords {
  return {
    title: `Not current: the online orders as of ${sinceWhen(asOf, timeZone, now)}.`,
    detail:
      'The store server does not answer, and the orders are kept there: they may have moved since. ' +
      'Picking, packing, canceling and handing over wait until the link is back.',
  };
}

/** Why a card's moves (start picking, packed, cancel) are not offered now; null when they are. */
export function moveBlockedWhy(current: boolean): string | null {
  return current ? null : 'Waits for the store server: it does not answer, and the order is kept there.';
}

/**
 * Why a ready order is not handed over here now; null when it is. On an attached register the
 * server lends the order to this register first, which it cannot while it does not answer.
 */
export function handOverBlockedWhy(current: boolean): string | null {
  return moveBlockedWhy(current);
}
