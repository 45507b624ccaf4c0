import { describe, expect, it } from 'vitest';
import { bySoonestPromised, groupQueue, isOverdue, queueCount } from '../../../../renderer/common/pickup/pickup-queue';
import { queueWords } from '../../../../renderer/common/pickup/pickup-words';
import { queued } from './queue-fixtures.js';

const numbers = (orders: { orderNumber: string }[]) => orders.map((order) => order.orderNumber);

describe("the Online orders tab's groups", () => {
  const queue = [
    queued({ orderNumber: 'RDY222', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' }),
    queued({ orderNumber: 'NEW333', promisedAt: '2026-11-28T01:00:00.000Z' }),
    queued({ orderNumber: 'PCK444', fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS', picker: 'sam' }),
    queued({ orderNumber: 'NEW111', promisedAt: '2026-11-27T23:45:00.000Z' }),
    queued({ orderNumber: 'NEW222', promisedAt: null, placedAt: '2026-11-27T20:00:00.000Z' }),
  ];

  it('are New, Picking and Ready for pickup, in that order, each soonest promised first', () => {
    const groups = groupQueue(queue);
    expect(groups.map((group) => group.title)).toEqual(['New', 'Picking', 'Ready for pickup']);
    expect(numbers(groups[0]!.orders)).toEqual(['NEW111', 'NEW333', 'NEW222']);
    expect(numbers(groups[1]!.orders)).toEqual(['PCK444']);
    expect(numbers(groups[2]!.orders)).toEqual(['RDY222']);
  });

  it('keeps empty groups (the screen says none) and leaves the list it was given as it was', () => {
    const only = [queued({ orderNumber: 'NEW111' })];
    expect(groupQueue(only).map((group) => group.orders.length)).toEqual([1, 0, 0]);
    const copy = [...queue];
    groupQueue(queue);
    expect(queue).toEqual(copy);
  });

  it('sorts unpromised orders after promised ones, oldest placed first, then by number', () => {
    const a = queued({ orderNumber: 'AAA111', promisedAt: null, placedAt: '2026-11-27T20:00:00.000Z' });
    const b = queued({ orderNumber: 'BBB222', promisedAt: null, placedAt: '2026-11-27T19:00:00.000Z' });
    const c = queued({ orderNumber: 'CCC333', promisedAt: '2026-11-29T00:00:00.000Z' });
    const twin = queued({ orderNumber: 'AAA000', promisedAt: '2026-11-29T00:00:00.000Z' });
    expect(numbers([a, b, c, twin].sort(bySoonestPromised))).toEqual(['AAA000', 'CCC333', 'BBB222', 'AAA111']);
  });

  it("compares instants, not strings (the service's offsets may differ)", () => {
    const utc = queued({ orderNumber: 'UTC111', promisedAt: '2026-11-28T00:30:00.000Z' });
    const offset = queued({ orderNumber: 'OFF222', promisedAt: '2026-11-27T16:45:00-08:00' });
    expect(numbers([utc, offset].sort(bySoonestPromised))).toEqual(['UTC111', 'OFF222']);
  });
});

describe("the tab's count", () => {
  it('counts every open order that needs the store: new, being picked and packed waiting', () => {
    const count = queueCount([
      queued({ orderNumber: 'NEW111' }),
      queued({ orderNumber: 'NEW222' }),
      queued({ orderNumber: 'PCK333', fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS' }),
      queued({ orderNumber: 'RDY444', fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' }),
      // Handed over or canceled meanwhile (the next read drops it): not counted.
      queued({ orderNumber: 'DON555', fulfillmentStatus: 'COMPLETED', status: 'COMPLETED' }),
    ]);
    expect(count).toEqual({ open: 4, fresh: 2, ready: 1 });
    expect(queueWords(count)).toBe('2 new, 1 being picked, 1 ready for pickup');
  });

  it('is zero for an empty queue, and says so', () => {
    expect(queueCount([])).toEqual({ open: 0, fresh: 0, ready: 0 });
    expect(queueWords(queueCount([]))).toBe('No online orders waiting');
  });
});

describe('an overdue order', () => {
  const promisedAt = '2026-11-28T00:30:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it("is the service's word, or not packed by its promise on the service's clock since", () => {
    expect(isOverdue(queued({ orderNumber: 'A', overdue: true }), at('2026-11-27T00:00:00Z'))).toBe(true);
    expect(isOverdue(queued({ orderNumber: 'B', promisedAt }), at('2026-11-28T00:29:59Z'))).toBe(false);
    expect(isOverdue(queued({ orderNumber: 'C', promisedAt }), at('2026-11-28T00:30:01Z'))).toBe(true);
    const picking = queued({ orderNumber: 'D', promisedAt, fulfillmentStatus: 'IN_PROCESS', status: 'IN_PROCESS' });
    expect(isOverdue(picking, at('2026-11-28T01:00:00Z'))).toBe(true);
  });

  it('is never one packed in time, nor one with no promise', () => {
    const packed = queued({ orderNumber: 'E', promisedAt, fulfillmentStatus: 'PACKED_READY', status: 'PACKED_READY' });
    expect(isOverdue(packed, at('2026-11-29T00:00:00Z'))).toBe(false);
    expect(isOverdue(queued({ orderNumber: 'F', promisedAt: null }), at('2026-11-29T00:00:00Z'))).toBe(false);
  });
});
