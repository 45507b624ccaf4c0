import { describe, expect, it } from 'vitest';
import { MARKED_READS, markedRead, type ForwardMark } from '../../../electron/server/registers/marked-read.js';

// A store read for an attached register with the mark of its own changes it holds
// (electron/server/registers/marked-read.ts): a forward landing during the read makes it read again.

/** A server whose register mark and stock move together when `forward` lands (one transaction). */
function server() {
  const state = { mark: { seq: 4, queueId: 'q1' } as ForwardMark, reserved: 0, marksRead: 0 };
  return {
    state,
    forward: (seq: number, reserved: number) => {
      state.mark = { ...state.mark, seq };
      state.reserved += reserved;
    },
    mark: async () => {
      state.marksRead += 1;
      return { ...state.mark };
    },
  };
}

describe('markedRead', () => {
  it('answers the read with the mark it holds when no forward landed during it', async () => {
    const { state, mark } = server();
    const read = await markedRead(mark, async () => state.reserved);
    expect(read).toEqual({ forwarded: { seq: 4, queueId: 'q1' }, value: 0 });
    expect(state.marksRead).toBe(2);
  });

  it('reads again when a forward landed between the mark and the stock, then answers them together', async () => {
    const { state, forward, mark } = server();
    let reads = 0;
    const read = await markedRead(mark, async () => {
      reads += 1;
      // The register's reservation of 2 units (its change 5) lands at the server during the first read.
      if (reads === 1) forward(5, 2000);
      return state.reserved;
    });
    // Not { seq: 4, value: 2000 }: the register would add its change 5 on top, and hold 4 units.
    expect(read).toEqual({ forwarded: { seq: 5, queueId: 'q1' }, value: 2000 });
    expect(reads).toBe(2);
  });

  it('reads again when the register attached another queue meanwhile', async () => {
    const { state, mark } = server();
    let reads = 0;
    const read = await markedRead(mark, async () => {
      reads += 1;
      if (reads === 1) state.mark = { seq: 0, queueId: 'q2' };
      return reads;
    });
    expect(read).toEqual({ forwarded: { seq: 0, queueId: 'q2' }, value: 2 });
  });

  it('answers the mark before its last read when forwards keep landing: changes counted twice, never lost', async () => {
    const { state, forward, mark } = server();
    let reads = 0;
    const read = await markedRead(mark, async () => {
      reads += 1;
      forward(4 + reads, 1000);
      return state.reserved;
    });
    expect(reads).toBe(MARKED_READS);
    expect(read).toEqual({ forwarded: { seq: 4 + MARKED_READS - 1, queueId: 'q1' }, value: MARKED_READS * 1000 });
  });
});
