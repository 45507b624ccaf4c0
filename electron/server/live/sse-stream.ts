import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatSseFrame, SSE_HEARTBEAT, type SseFrame } from '../../../shared/sse.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { LiveHub } from '../core/live-hub.js';

const HEARTBEAT_MS = 15_000;

/** Open event streams of one service instance, ended when it closes. */
export class SseStreams {
  private readonly open = new Set<() => void>();
  /** Set once the instance closes: a stream whose current state was still being read then is not opened. */
  private closing = false;

  constructor(
    app: FastifyInstance,
    private readonly bus: LiveHub,
  ) {
    app.addHook('preClose', async () => {
      this.closing = true;
      for (const end of [...this.open]) end();
    });
  }

  /**
   * Turns the reply into an event stream of `topics`, first sending `initial` frames (the current
   * state, so a client that reconnects misses nothing). Events published while the current state
   * is read are held and sent after it. `transform` rewrites each published frame for this
   * follower (what its token may see). Lasts until the client goes away.
   */
  async stream(
    request: FastifyRequest,
    reply: FastifyReply,
    topics: readonly string[],
    initial: SseFrame[] | (() => Promise<SseFrame[]>) = [],
    transform: (frame: SseFrame) => SseFrame = (frame) => frame,
  ): Promise<void> {
    let held: SseFrame[] | null = [];
    const unsubscribe = topics.map((topic) =>
      this.bus.subscribe(topic, (frame) => {
        const shown = transform(frame);
        if (held) held.push(shown);
        else send(shown);
      }),
    );
    let first: SseFrame[];
    try {
      first = typeof initial === 'function' ? await initial() : initial;
      // Opened now, it would outlive the close that already ended the others and keep the instance from stopping.
      if (this.closing) throw new ServicePayError('UNAVAILABLE', 'the service is stopping; connect again');
    } catch (error) {
      for (const stop of unsubscribe) stop();
      throw error;
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (frame: SseFrame) => {
      raw.write(formatSseFrame(frame));
    };
    for (const frame of [...first, ...held]) send(frame);
    held = null;
    const heartbeat = setInterval(() => raw.write(SSE_HEARTBEAT), HEARTBEAT_MS);
    heartbeat.unref();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      for (const stop of unsubscribe) stop();
      this.open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    this.open.add(end);
    request.raw.once('close', end);
    raw.once('error', end);
    // A comment first, so clients see the stream open at once.
    raw.write(SSE_HEARTBEAT);
    request.log.debug({ topics }, 'event stream opened');
  }
}
