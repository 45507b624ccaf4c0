import { describe, expect, it } from 'vitest';
import type { LinkStatus } from '../../../../shared/contracts/registers';
import { liveWords, offlineWords } from '../../../../renderer/pos/logic/link-words';

const ZONE = 'America/Los_Angeles';
const NOW = new Date('2026-11-27T18:30:00Z'); // 10:30 AM in Los Angeles
/** The store's times keep their parts together with no-break spaces; compared as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const status = (fields: Partial<LinkStatus>): LinkStatus => ({
  serverUrl: 'https://store.example',
  name: 'front-1',
  reachable: true,
  since: '2026-11-27T17:05:00Z',
  problem: null,
  refused: false,
  refreshedAt: null,
  dispensaryId: 'd',
  waiting: { sales: 0, changes: 0 },
  ordersLive: false,
  ...fields,
});

describe('the offline banner of an attached register', () => {
  it('shows nothing on a standalone register, while the server answers or before it was asked', () => {
    expect(offlineWords(null, ZONE, NOW)).toBeNull();
    expect(offlineWords(status({}), ZONE, NOW)).toBeNull();
    expect(offlineWords(status({ reachable: null, since: null }), ZONE, NOW)).toBeNull();
  });

  it("says since when in the store's time, and that sales go on", () => {
    const words = offlineWords(status({ reachable: false, problem: 'no answer in time' }), ZONE, NOW)!;
    expect(plain(words.title)).toBe('Offline since 9:05 AM PST: the store server does not answer.');
    expect(words.detail).toContain('Sales go on at this register');
    expect(`${words.title} ${words.detail}`).not.toMatch(/ECONN|UNAUTH|[A-Z]{4,}_/);
  });

  it('says how many sales wait while offline, and while they are sent', () => {
    const offline = offlineWords(status({ reachable: false, waiting: { sales: 3, changes: 40 } }), ZONE, NOW)!;
    expect(offline).toMatchObject({ tone: 'offline' });
    expect(offline.detail).toMatch(/received\. 3 sales wait to be sent to the store server\.$/);
    const one = offlineWords(status({ reachable: false, waiting: { sales: 1, changes: 9 } }), ZONE, NOW)!;
    expect(one.detail).toMatch(/ 1 sale waits to be sent/);
    expect(offlineWords(status({ waiting: { sales: 2, changes: 20 } }), ZONE, NOW)).toEqual({
      tone: 'sending',
      title: 'Sending the sales made offline.',
      detail: '2 sales wait to be sent to the store server.',
    });
    // Changes that are not sales (a drawer opened) go unmentioned.
    expect(offlineWords(status({ waiting: { sales: 0, changes: 2 } }), ZONE, NOW)).toBeNull();
  });

  it('names the day when the outage began before the store day', () => {
    const words = offlineWords(status({ reachable: false, since: '2026-11-26T23:00:00Z' }), ZONE, NOW)!;
    expect(plain(words.title)).toBe('Offline since Yesterday, 3:00 PM PST: the store server does not answer.');
  });

  it('says a refused register needs a manager to attach it again', () => {
    const words = offlineWords(status({ reachable: false, refused: true, problem: 'revoked' }), ZONE, NOW)!;
    expect(plain(words.title)).toBe('The store server refuses this register since 9:05 AM PST.');
    expect(words.detail).toContain('a manager attaches it again');
  });
});

describe("the top bar's word for the register's updates", () => {
  it('says Live while the updates flow, on a standalone register or an attached one whose server answers', () => {
    expect(liveWords('open', null)).toMatchObject({ tone: 'open', label: 'Live' });
    expect(liveWords('open', status({}))).toMatchObject({ tone: 'open', label: 'Live' });
  });

  it('says Offline, not Live, while the store server does not answer or refuses the register', () => {
    expect(liveWords('open', status({ reachable: false }))).toEqual({
      tone: 'offline',
      label: 'Offline',
      title: 'The store server does not answer: this register sells on its own',
    });
    expect(liveWords('open', status({ reachable: false, refused: true })).title).toBe(
      'The store server refuses this register: it sells on its own',
    );
  });

  it("says Reconnecting while the register's own updates are cut", () => {
    expect(liveWords('reconnecting', null)).toMatchObject({ tone: 'waiting', label: 'Reconnecting…' });
    expect(liveWords('connecting', status({}))).toMatchObject({ tone: 'waiting' });
  });
});
