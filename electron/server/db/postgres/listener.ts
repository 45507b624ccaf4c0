import pg from 'pg';
import type { NotificationListener } from '../data-layer.js';

/** Longest wait between two attempts to reconnect the listening connection. */
const MAX_BACKOFF_MS = 5_000;

/**
 * One connection that LISTENs on the service's channel and hands every notification to the
 * in-process listeners. It reconnects (with backoff) when the server goes away; `onReconnect` lets
 * subscribers catch up on what they may have missed meanwhile.
 */
export class NotificationConnection {
  private client: pg.Client | undefined;
  private closed = false;
  private backoffMs = 100;
  private readonly listeners = new Set<NotificationListener>();
  private interceptor: (payload: string) => boolean = () => false;
  private expand: (payload: string) => Promise<string | undefined> | undefined = () => undefined;
  /** Notifications are handed on in the order they came, even when one must first be read back. */
  private queue: Promise<void> = Promise.resolve();
  private connectedHandler: () => void = () => undefined;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Whether the connection is up and listening now. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  async start(): Promise<void> {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      if (message.channel !== this.channel) return;
      const payload = message.payload ?? '';
      if (this.interceptor(payload)) return;
      const expanded = this.expand(payload);
      if (!expanded) {
        this.queue = this.queue.then(() => this.deliver(payload));
        return;
      }
      const read = expanded.catch((error: unknown) => {
        this.onError(error);
        return undefined;
      });
      this.queue = this.queue.then(async () => {
        const full = await read;
        if (full !== undefined) this.deliver(full);
      });
    });
    client.on('error', (error) => {
      this.onError(error);
      this.restart(client);
    });
    client.on('end', () => this.restart(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.client = client;
    this.backoffMs = 100;
    this.connectedHandler();
  }

  /**
   * Notifications `read` answers for (a promise) stand for a longer message it reads back; the
   * listeners get that message, still in order.
   */
  readBack(read: (payload: string) => Promise<string | undefined> | undefined): void {
    this.expand = read;
  }

  private deliver(payload: string): void {
    for (const listener of this.listeners) listener(payload);
  }

  /** Takes the notifications `handle` answers true for before the listeners see them. */
  intercept(handle: (payload: string) => boolean): void {
    this.interceptor = handle;
  }

  /** Runs on every (re)connection: what was said while disconnected was not heard. */
  onConnected(handler: () => void): void {
    this.connectedHandler = handler;
  }

  add(listener: NotificationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => undefined);
  }

  private restart(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    const retry = () => {
      if (this.closed) return;
      this.start().catch((error: unknown) => {
        this.onError(error);
        this.backoffMs = Math.min(this.backoffMs * 2, MAX_BACKOFF_MS);
        setTimeout(retry, this.backoffMs).unref();
      });
    };
    setTimeout(retry, this.backoffMs).unref();
  }
}
