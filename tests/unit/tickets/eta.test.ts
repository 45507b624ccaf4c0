import { describe, expect, it } from 'vitest';
import { etaMessage, pickupWindow } from '../../../electron/server/tickets/eta.js';

const LA = 'America/Los_Angeles';
const WEEK = [
  { open: '10:00', close: '18:00' }, // Sunday
  { open: '09:00', close: '21:00' },
  { open: '09:00', close: '21:00' },
  { open: '09:00', close: '21:00' },
  { open: '09:00', close: '21:00' },
  { open: '09:00', close: '21:00' },
  null, // closed Saturdays
];

describe('pickupWindow', () => {
  it('is the preparation time from now while the store is open', () => {
    // Wednesday 2026-11-18 12:00 in Los Angeles (PST, UTC-8) = 20:00 UTC.
    const window = pickupWindow(new Date('2026-11-18T20:00:00Z'), LA, WEEK, 15)!;
    expect(window.readyAt.toISOString()).toBe('2026-11-18T20:15:00.000Z');
    expect(window.pickupBy.toISOString()).toBe('2026-11-19T05:00:00.000Z');
  });

  it('moves to the next opening when the store closes before the order could be ready', () => {
    // Wednesday 20:50 local: 15 minutes would pass closing at 21:00 → Thursday 09:15.
    const window = pickupWindow(new Date('2026-11-19T04:50:00Z'), LA, WEEK, 15)!;
    expect(window.readyAt.toISOString()).toBe('2026-11-19T17:15:00.000Z');
  });

  it('skips closed days', () => {
    // Friday 22:00 local → Saturday closed → Sunday 10:15.
    const window = pickupWindow(new Date('2026-11-21T06:00:00Z'), LA, WEEK, 15)!;
    expect(window.readyAt.toISOString()).toBe('2026-11-22T18:15:00.000Z');
  });

  it('waits for opening when the order comes in before hours', () => {
    // Monday 07:00 local → ready 09:15.
    const window = pickupWindow(new Date('2026-11-23T15:00:00Z'), LA, WEEK, 15)!;
    expect(window.readyAt.toISOString()).toBe('2026-11-23T17:15:00.000Z');
  });

  it('handles the daylight-saving change', () => {
    // Sunday 2026-03-08 is the spring-forward day in Los Angeles: 11:00 PDT = 18:00 UTC.
    const window = pickupWindow(new Date('2026-03-08T18:00:00Z'), LA, WEEK, 30)!;
    expect(window.readyAt.toISOString()).toBe('2026-03-08T18:30:00.000Z');
    expect(window.pickupBy.toISOString()).toBe('2026-03-09T01:00:00.000Z');
  });

  it('counts the days by the calendar on the night before the clocks spring forward', () => {
    // Saturday 2026-03-07 11:30 PM PST = 07:30 UTC on the 8th; 24 hours later is Monday 12:30 AM PDT.
    const late = new Date('2026-03-08T07:30:00Z');
    const window = pickupWindow(late, LA, WEEK, 15)!;
    expect(window.readyAt.toISOString()).toBe('2026-03-08T17:15:00.000Z'); // Sunday 10:15 AM PDT
    expect(etaMessage(late, LA, window, 'Green Valley')).toContain('10:15 AM tomorrow');
  });

  it('is undefined for a store with no hours', () => {
    expect(pickupWindow(new Date(), LA, [null, null, null, null, null, null, null], 15)).toBeUndefined();
  });
});

describe('etaMessage', () => {
  it('says when the order is ready and until when it can be picked up', () => {
    const now = new Date('2026-11-18T20:00:00Z');
    const message = etaMessage(now, LA, pickupWindow(now, LA, WEEK, 15), 'Green Valley');
    expect(message).toBe(
      'Your order will be ready for pickup at 12:15 PM today. Please pick it up before 9:00 PM today.',
    );
  });

  it('names tomorrow and later days', () => {
    const late = new Date('2026-11-19T04:50:00Z');
    expect(etaMessage(late, LA, pickupWindow(late, LA, WEEK, 15), 'Green Valley')).toContain('9:15 AM tomorrow');
    const friday = new Date('2026-11-21T06:00:00Z');
    expect(etaMessage(friday, LA, pickupWindow(friday, LA, WEEK, 15), 'Green Valley')).toContain('on Sunday');
  });

  it('falls back to a confirmation sentence without hours', () => {
    expect(etaMessage(new Date(), LA, undefined, 'Green Valley')).toMatch(/Green Valley will confirm/);
  });
});
