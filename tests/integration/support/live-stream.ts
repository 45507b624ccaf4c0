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
  /** What each waiting `waitFor` checks when frames arrive or the stream ends. */
  const waiting = new Set<() => void>();
  let ended = false;
  const wake = () => {
    for (const check of [...waiting]) check();
  };
  const pump = pumpSse(response, (arrived) => {
    frames.push(...arrived);
    wake();
  }).finally(() => {
    ended = true;
    wake();
  });
  /** The frames once `count` arrived; refused after 5 s, or as soon as the stream ends short of them. */
  const waitFor = (count: number) =>
    new Promise<SseFrame[]>((resolve, reject) => {
      const short = (why: string) => new Error(`only ${frames.length} of ${count} events arrived ${why}`);
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(short('in 5 s'));
      }, 5000);
      const check = () => {
        if (frames.length < count && !ended) return;
        clearTimeout(timer);
        waiting.delete(check);
        if (frames.length >= count) resolve(frames);
        else reject(short('before the stream ended'));
      };
      waiting.add(check);
      check();
    });
  /** The first frame of `event` (a topic may carry others: `catalog` tells stock moves too). */
  const waitForEvent = async (event: string) => {
    for (let count = 1; ; count += 1) {
      const frame = (await waitFor(count))[count - 1]!;
      if (frame.event === event) return frame;
    }
  };
  return { response, frames, waitFor, waitForEvent, close: async () => (controller.abort(), pump) };
}
