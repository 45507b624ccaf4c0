import { SseParser, type SseFrame } from '../../shared/sse.js';

/**
 * Reads a live stream's body until it ends or is aborted, handing each chunk's frames to `onFrames`
 * with when the chunk arrived (performance.now()).
 */
export async function pumpSse(response: Response, onFrames: (frames: SseFrame[], at: number) => void): Promise<void> {
  const parser = new SseParser();
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      onFrames(parser.push(value), performance.now());
    }
  } catch {
    // aborted
  }
}
