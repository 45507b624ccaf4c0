import { describe, expect, it } from 'vitest';
import { dayRange, listParams, today } from '../../../../renderer/backoffice/logic/order-list.js';

describe('days', () => {
  it('a day runs from local midnight to the next local midnight', () => {
    const { from, to } = dayRange('2026-03-08');
    expect(new Date(from).getHours()).toBe(0);
    expect(new Date(from).getDate()).toBe(8);
    expect(new Date(to).getDate()).toBe(9);
    expect(new Date(to).getHours()).toBe(0);
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('are the store’s days in its time zone', () => {
    expect(dayRange('2026-12-01', 'Pacific/Auckland')).toEqual({
      from: '2026-11-30T11:00:00.000Z',
      to: '2026-12-01T11:00:00.000Z',
    });
    expect(today(new Date('2026-12-02T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-12-01');
  });
});

describe('the list query', () => {
  it('asks for the page size alone when no filter is set and no cursor given', () => {
    expect(String(listParams({ status: '', day: '', timeZone: 'UTC' }, null, 25))).toBe('limit=25');
  });

  it('adds the status, the day of the store’s time zone as instants, and the cursor', () => {
    const params = listParams({ status: 'PAID', day: '2026-03-08', timeZone: 'America/New_York' }, 'c2', 100);
    expect(Object.fromEntries(params)).toEqual({
      limit: '100',
      status: 'PAID',
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
      cursor: 'c2',
    });
  });
});
