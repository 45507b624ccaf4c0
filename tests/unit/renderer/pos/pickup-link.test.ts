import { describe, expect, it } from 'vitest';
import type { LinkStatus } from '../../../../shared/contracts/registers';
import {
  handOverBlockedWhy,
  moveBlockedWhy,
  queueFollows,
  staleWords,
} from '../../../../renderer/pos/logic/pickup-link';

const ZONE = 'America/Los_Angeles';
const NOW = new Date('2026-11-27T18:30:00Z'); // 10:30 AM in Los Angeles
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const link = (fields: Partial<LinkStatus>): LinkStatus => ({
  serverUrl: 'https://store.example',
  name: 'front-1',
  reachable: true,
  since: null,
  problem: null,
  refused: false,
  refreshedAt: null,
  dispensaryId: 'd',
  waiting: { sales: 0, changes: 0 },
  ordersLive: true,
  ...fields,
});

describe('the pickup queue of a register attached to a store server', () => {
  it("follows the store's orders on a standalone register, and on an attached one while it hears its server", () => {
    expect(queueFollows(null)).toBe(true);
    expect(queueFollows(link({}))).toBe(true);
    expect(queueFollows(link({ ordersLive: false }))).toBe(false);
    expect(queueFollows(link({ reachable: false }))).toBe(false);
    expect(queueFollows(link({ reachable: null }))).toBe(false);
  });

  it('says a list that is not current as of when, in the store’s time, calmly', () => {
    const words = staleWords('2026-11-27T17:05:00Z', ZONE, NOW);
    expect(plain(words.title)).toBe('Not current: the online orders as of 9:05 AM PST.');
    expect(words.detail).toBe(
      'The store server does not answer, and the orders are kept there: they may have moved since. ' +
        'Picking, packing, canceling and handing over wait until the link is back.',
    );
    expect(plain(staleWords('2026-11-26T17:05:00Z', ZONE, NOW).title)).toMatch(
      /^Not current: the online orders as of Yesterday/,
    );
  });

  it('blocks moves and the hand-over only while the list is not current', () => {
    expect(moveBlockedWhy(true)).toBeNull();
    expect(moveBlockedWhy(false)).toBe('Waits for the store server: it does not answer, and the order is kept there.');
    expect(handOverBlockedWhy(true)).toBeNull();
    expect(handOverBlockedWhy(false)).toBe(moveBlockedWhy(false));
  });
});
