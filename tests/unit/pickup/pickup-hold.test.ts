import { describe, expect, it } from 'vitest';
import {
  expiryOf,
  holdEndsAt,
  pastHold,
  readyBefore,
  unclaimedReason,
} from '../../../electron/server/pickup/pickup-hold.js';

const READY = '2026-11-20T18:30:00.000Z';
const hoursAfter = (hours: number) => new Date(Date.parse(READY) + hours * 3_600_000);

describe('the pickup hold', () => {
  it('ends the store’s hours after the order became ready', () => {
    expect(holdEndsAt(READY, 48).toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(holdEndsAt(READY, 1).toISOString()).toBe('2026-11-20T19:30:00.000Z');
  });

  it('is past only once its end has gone by: 47 hours kept, exactly 48 kept, 49 past', () => {
    expect(pastHold(READY, 48, hoursAfter(47))).toBe(false);
    expect(pastHold(READY, 48, hoursAfter(48))).toBe(false);
    expect(pastHold(READY, 48, hoursAfter(49))).toBe(true);
  });

  it('looks for orders ready before the hours back from now', () => {
    expect(readyBefore(hoursAfter(49), 48).toISOString()).toBe(hoursAfter(1).toISOString());
  });

  it('cancels an unpaid or ACH-authorized order, keeps a paid one for a manager', () => {
    expect(expiryOf('UNPAID')).toBe('cancel');
    expect(expiryOf('AUTHORIZED')).toBe('cancel');
    expect(expiryOf('PAID')).toBe('keep');
  });

  it('says why in words', () => {
    expect(unclaimedReason(48)).toBe('Not picked up within 48 hours');
    expect(unclaimedReason(1)).toBe('Not picked up within 1 hour');
  });
});
