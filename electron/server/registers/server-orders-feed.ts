import type { OrderUpdate } from '../../../shared/contracts/live.js';
import { SseParser, type SseFrame } from '../../../shared/sse.js';
import { basicOf } from './server-client.js';
import type { ServerLink } from './server-link-repository.js';

/** The first wait after the stream ends, doubled at each failure up to the last. */
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5000;
/** The server writes a heartbeat every 15 s: a stream silent for this long is a dead connection. */
const IDLE_MS = 40_000;

/** What the feed needs of the register. */
export interface FeedTarget {
  /** The register's link (undefined: not attached). */
  link(): Promise<ServerLink | undefined>;
  /** Tells the register's screens that one of the store's online orders changed. */
  publish(dispensaryId: string, update: OrderUpdate): void;
  /** The feed started or stopped hearing the server. */
  changed(): void;
  /** A stream that failed (the register tries again). */
  failed(error: unknown): void;
}

/**
 * An attached register's ear on its store server's orders: it follows the server's live stream
 * for its store (`GET /v2.0/register/live`, its own credentials) and tells its own screens each
 * change of an online order (`order.updated` on its live channel), so the pickup queue at every
 * register follows the server's within a second. When the stream ends or the server does not
 * answer, it tries again after 250 ms, doubling up to 5 s, and at once when told the server answers
 * again (`kick`). Whether it hears the server now is `isLive()` (the link's `ordersLive`).
 */
export class ServerOrdersFeed {
  private live = false;
  private closed = false;
  private running: Promise<void> | null = null;
  private controller: AbortController | null = null;
  private wake: (() => void) | null = null;
  private retryMs = FIRST_RETRY_MS;

  constructor(
    private readonly target: FeedTarget,
    private readonly idleMs = IDLE_MS,
  ) {}

  isLive(): boolean {
    return this.live;
  }

  start(): void {
    this.running ??= this.loop();
  }

  /** The server answers again: try now rather than at the end of the wait. */
  kick(): void {
    this.retryMs = FIRST_RETRY_MS;
    this.wake?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.controller?.abort();
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.closed) {
      try {
        const link = await this.target.link();
        if (link && !this.closed) await this.follow(link);
      } catch (error) {
        if (!this.closed) this.target.failed(error);
      }
      this.setLive(false);
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.retryMs);
        this.wake = () => (clearTimeout(timer), resolve());
      });
      this.wake = null;
      this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS);
    }
  }

  /** Reads the server's stream until it ends, is silent too long, or the feed closes. */
  private async follow(link: ServerLink): Promise<void> {
    const controller = new AbortController();
    this.controller = controller;
    let idle = setTimeout(() => controller.abort(), this.idleMs);
    try {
      const response = await fetch(`${link.serverUrl}/v2.0/register/live`, {
        headers: { authorization: basicOf(link.registerId, link.secret), accept: 'text/event-stream' },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(`the store server answered its live stream with HTTP ${response.status}`);
      }
      // The server subscribes before it answers: from here on, no change of an order is missed.
      this.retryMs = FIRST_RETRY_MS;
      this.setLive(true);
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        clearTimeout(idle);
        idle = setTimeout(() => controller.abort(), this.idleMs);
        for (const frame of parser.push(value)) this.hear(link.dispensaryId, frame);
      }
    } finally {
      clearTimeout(idle);
      this.controller = null;
    }
  }

  /** An online order's change is told to the register's screens; the rest (other registers' sales) is not theirs. */
  private hear(dispensaryId: string, frame: SseFrame): void {
    if (frame.event !== 'order.updated') return;
    let update: OrderUpdate;
    try {
      update = JSON.parse(frame.data) as OrderUpdate;
    } catch {
      return;
    }
    if (update.source === 'online') this.target.publish(dispensaryId, update);
  }

  private setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    this.target.changed();
  }
}
