import { describe, expect, it } from 'vitest';
import type { Dispensary } from '../../../electron/server/dispensaries/dispensary.js';
import {
  checkDayEnded,
  checkSomeRecords,
  splitByRecords,
  type StoreStart,
} from '../../../electron/server/reports/stock-days.js';
import { ServicePayError } from '../../../shared/errors.js';

// Only what the checks read of a store.
const store = (shortName: string, name: string, timezone: string) =>
  ({ id: shortName, shortName, name, timezone }) as Dispensary;
const main: StoreStart = { store: store('main', 'Main Street', 'America/Los_Angeles'), start: '2026-03-01' };
const north: StoreStart = { store: store('north', 'North Store', 'America/Denver'), start: '2026-03-03' };

function refusal(check: () => void): { message: string; details: unknown } {
  try {
    check();
  } catch (error) {
    if (error instanceof ServicePayError) return { message: error.message, details: error.details };
    throw error;
  }
  throw new Error('not refused');
}

describe('the stores whose stock at a day’s end is known', () => {
  it('keeps the stores whose records start on the day or before, and names the others with their first day', () => {
    const split = splitByRecords([main, north], '2026-03-02');
    expect(split.kept).toEqual([main]);
    expect(split.leftOut).toEqual([
      {
        dispensaryShortName: 'north',
        dispensaryName: 'North Store',
        timeZone: 'America/Denver',
        firstDay: '2026-03-03',
      },
    ]);
    expect(splitByRecords([main, north], '2026-03-03')).toEqual({ kept: [main, north], leftOut: [] });
  });

  it('refuses a day only before every store’s records, naming the earliest first day', () => {
    expect(() => checkSomeRecords([main, north], '2026-03-01')).not.toThrow();
    expect(refusal(() => checkSomeRecords([north, main], '2026-02-28'))).toMatchObject({
      message:
        'to must be on or after 2026-03-01: no store’s records start before then (Main Street’s start that day), ' +
        'and their stock before then is not known',
      details: { firstDay: '2026-03-01' },
    });
    expect(refusal(() => checkSomeRecords([north], '2026-03-02'))).toMatchObject({
      message:
        'to must be on or after 2026-03-03: the store’s records start that day, and its stock before then is not known',
      details: { firstDay: '2026-03-03' },
    });
  });

  it('refuses a day not ended at a store, in that store’s time zone', () => {
    // 11:30 PM on Mar 2 in Los Angeles is 12:30 AM on Mar 3 in Denver.
    const now = new Date('2026-03-03T07:30:00Z');
    expect(() => checkDayEnded([north.store], '2026-03-03', now)).not.toThrow();
    expect(refusal(() => checkDayEnded([main.store, north.store], '2026-03-03', now))).toMatchObject({
      details: { lastDay: '2026-03-02' },
    });
  });
});
