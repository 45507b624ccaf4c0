import type { SseFrame } from '../../../shared/sse.js';
import { pumpSse } from '../../support/sse-pump.js';

/** Reads a live stream over a real socket until `count` frames arrived. */
export async function openStream(baseUrl: string, path: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  const pump = pumpSse(response, (arrived) => frames.push(...arrived));
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 5000;
    while (frames.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${frames.length} of ${count} events arrived`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return frames;
  };
  /** The first frame of `event` (a topic may carry others: `catalog` tells stock moves too). */
  const waitForEvent = async (event: string) => {
    for (let count = 1; ; count += 1) {
      const frame = (await waitFor(count))[count - 1]!;
      if (frame.event === event) return frame;
    }
  };
  return { response, frames, waitFor, waitForEvent, close: async () => (controller.abort(), pump) };
}
