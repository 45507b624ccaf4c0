import { describe, expect, it } from 'vitest';
import { FrameOrder } from '../../../../renderer/display/logic/frame-order.js';

describe('FrameOrder', () => {
  it('takes newer and equal frames and drops older ones', () => {
    const frames = new FrameOrder();
    expect(frames.take({ seq: 3 })).toBe(true);
    expect(frames.take({ seq: 5 })).toBe(true);
    expect(frames.take({ seq: 4 })).toBe(false);
    expect(frames.take({ seq: 5 })).toBe(true);
    expect(frames.take({ seq: 6 })).toBe(true);
  });

  it('starts over when the stream opens again, whatever the first frame says', () => {
    const frames = new FrameOrder();
    frames.take({ seq: 40 });
    frames.restart();
    expect(frames.take({ seq: 2 })).toBe(true);
    expect(frames.take({ seq: 1 })).toBe(false);
  });
});
