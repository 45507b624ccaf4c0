import { describe, expect, it } from 'vitest';
import { registerStatus, registerStatusWords } from '../../../shared/register-status.js';

const NBSP = '\u00a0';
// 11:37 UTC on Nov 23 is 4:37 AM in Denver (MST), and 8:37 PM in Tokyo, where NOW is already the 24th.
const NOW = new Date('2026-11-23T20:00:00Z');
const SEEN = '2026-11-23T11:37:00.000Z';
const DENVER = 'America/Denver';

describe('a register’s status in words', () => {
  it('says it was never seen since it was attached', () => {
    const fresh = { lastSeenAt: null, revokedAt: null };
    expect(registerStatus(fresh, DENVER, NOW)).toEqual({
      label: 'Attached',
      tone: 'waiting',
      detail: 'Never seen since it was attached',
    });
    expect(registerStatusWords(fresh, DENVER, NOW)).toBe('attached, never seen');
  });

  it('says when it was last seen, in the store’s time with its zone', () => {
    const seen = { lastSeenAt: SEEN, revokedAt: null };
    expect(registerStatus(seen, DENVER, NOW)).toEqual({
      label: 'Attached',
      tone: 'good',
      detail: `Last seen Today, 4:37${NBSP}AM${NBSP}MST`,
    });
    expect(registerStatusWords(seen, DENVER, NOW)).toBe(`attached, last seen Today, 4:37${NBSP}AM${NBSP}MST`);
    expect(registerStatusWords(seen, 'Asia/Tokyo', NOW)).toMatch(/^attached, last seen Yesterday, 8:37\u00a0PM/);
  });

  it('says when it was revoked, whether or not it was seen before', () => {
    for (const lastSeenAt of [null, SEEN]) {
      const revoked = { lastSeenAt, revokedAt: '2026-11-22T18:00:00.000Z' };
      expect(registerStatus(revoked, DENVER, NOW)).toEqual({
        label: 'Revoked',
        tone: 'stopped',
        detail: `Since Yesterday, 11:00${NBSP}AM${NBSP}MST`,
      });
      expect(registerStatusWords(revoked, DENVER, NOW)).toBe(`revoked Yesterday, 11:00${NBSP}AM${NBSP}MST`);
    }
  });
});
