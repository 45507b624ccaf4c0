import { describe, expect, it } from 'vitest';
import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import { coalesce } from '../../../electron/server/registers/forward-coalesce.js';

const order = (seq: number, status: string): ForwardRecord => ({
  seq,
  table: 'orders',
  op: 'upsert',
  row: { id: 'o1', status },
});
const line = (seq: number): ForwardRecord => ({
  seq,
  table: 'order_items',
  op: 'upsert',
  row: { id: 'i1', order_id: 'o1' },
});
const history = (seq: number, to: string): ForwardRecord => ({
  seq,
  table: 'order_status_history',
  op: 'upsert',
  row: { id: seq, order_id: 'o1', to_status: to },
});
const stock = (seq: number, onHandDelta: number): ForwardRecord => ({
  seq,
  table: 'packages',
  op: 'stock',
  row: { id: 'p1' },
  onHandDelta,
  reservedDelta: 0,
});

describe("coalescing a register's batch", () => {
  it("keeps a row's first state where it first appears and its last, dropping those between", () => {
    const batch = [order(1, 'NEW'), line(2), order(3, 'AWAITING'), history(4, 'AWAITING'), order(5, 'PAID')];
    expect(coalesce(batch).map((r) => r.seq)).toEqual([1, 2, 4, 5]);
  });

  it('keeps every appended row and every stock change (deltas add up on the server)', () => {
    const batch = [history(1, 'A'), stock(2, -1000), history(3, 'B'), stock(4, -1000)];
    expect(coalesce(batch)).toEqual(batch);
  });

  it("applies the last state over the first: the version it was made over is the first state's", () => {
    const versioned = (seq: number, updatedAt: string, base?: string): ForwardRecord => ({
      ...order(seq, 'S'),
      row: { id: 'o1', status: 'S', updated_at: updatedAt },
      ...(base ? { base } : {}),
    });
    const batch = [versioned(1, 't1', 't0'), versioned(2, 't2', 't1'), versioned(3, 't3', 't2')];
    expect(coalesce(batch).map((r) => [r.seq, r.base])).toEqual([
      [1, 't0'],
      [3, 't1'],
    ]);
    // A row inserted in the batch: its first state has no version before it.
    const inserted = [versioned(1, 't1'), versioned(2, 't2', 't1'), versioned(3, 't3', 't2')];
    expect(coalesce(inserted).map((r) => [r.seq, r.base])).toEqual([
      [1, undefined],
      [3, 't1'],
    ]);
  });

  it('keeps every state of a row deleted in the batch, in order', () => {
    const deleted: ForwardRecord = { seq: 3, table: 'orders', op: 'delete', row: { id: 'o1' } };
    const batch = [order(1, 'NEW'), order(2, 'PAID'), deleted, order(4, 'NEW'), order(5, 'PAID')];
    expect(coalesce(batch)).toEqual(batch);
  });
});
