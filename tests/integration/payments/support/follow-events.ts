import { request } from 'node:http';
import { SseParser, type SseFrame } from '../../../../shared/sse.js';

/** An open server-sent event stream and the frames read from it so far. */
export interface FollowedStream {
  status: number;
  contentType: string;
  frames: SseFrame[];
  /** Resolves with the frames once at least `count` arrived (fails after 5 s). */
  until(count: number): Promise<SseFrame[]>;
  close(): void;
}

/**
 * Follows a server-sent event stream over a real socket of its own (node:http without an agent:
 * fetch's pool would open a spare connection that keeps the server from closing promptly).
 */
export function followEvents(baseUrl: string, path: string, token: string): Promise<FollowedStream> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${baseUrl}${path}`,
      { agent: false, headers: { authorization: `Bearer ${token}` } },
      (response) => {
        const frames: SseFrame[] = [];
        const parser = new SseParser();
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => frames.push(...parser.push(chunk)));
        response.on('error', () => undefined);
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type'] ?? ''),
          frames,
          async until(count) {
            const deadline = Date.now() + 5000;
            while (frames.length < count) {
              if (Date.now() > deadline)
                throw new Error(`only ${frames.length} of ${count} frames: ${JSON.stringify(frames)}`);
              await new Promise((wait) => setTimeout(wait, 10));
            }
            return frames;
          },
          close: () => outgoing.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}
