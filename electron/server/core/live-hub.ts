import type { SseFrame } from '../../../shared/sse.js';
import type { DataLayer } from '../db/data-layer.js';

/** Receives the events published on one topic. */
export type LiveListener = (frame: SseFrame) => void;

/** The current state of a topic, sent first to each new subscriber (`key` is e.g. `display:front-1`). */
export type SnapshotProvider = (dispensaryId: string, key: string) => Promise<SseFrame[]>;

/** Where a publish failed: the event is lost for live clients, never the data (it is committed). */
export type PublishErrorHandler = (error: unknown, topic: string) => void;

/** One published event as it travels between service instances. */
interface LiveMessage {
  topic: string;
  event: string;
  data: unknown;
}

/** Hears a notice one service instance gives every instance (`LiveHub.tellInstances`). */
export type NoticeHandler = (data: unknown) => void;

/** The topic of notices for the service instances themselves: no client's topic (theirs hold a colon). */
const INSTANCES = 'instances';

/**
 * Publish/subscribe for the live channel, across every service instance on the database: a
 * publish goes out through the data layer's notifications (PostgreSQL NOTIFY; on SQLite in process,
 * or through the file from the command line) and each instance hands it to its own subscribers. Topics are strings scoped by the caller
 * (`<dispensaryId>:orders`, `session:<id>`). A listener that throws is removed, never allowed to
 * break delivery. Features may register a snapshot of a topic's current state so a client that
 * (re)connects starts from it.
 */
export class LiveHub {
  private readonly topics = new Map<string, Set<LiveListener>>();
  private readonly snapshots = new Map<string, SnapshotProvider>();
  private readonly notices = new Map<string, NoticeHandler>();
  private readonly stopListening: () => void;

  constructor(
    private readonly db: DataLayer,
    private readonly onError: PublishErrorHandler = () => undefined,
  ) {
    this.stopListening = db.listen((payload) => this.deliver(payload));
  }

  subscribe(topic: string, listener: LiveListener): () => void {
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
    }
    listeners.add(listener);
    return () => {
      const current = this.topics.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.topics.delete(topic);
    };
  }

  /** Sends `data` as event `event` to every listener of `topic`, on every service instance. */
  publish(topic: string, event: string, data: unknown): void {
    // The only instance on its database (SQLite): an event none of its listeners follows reaches nobody.
    if (!this.mayReach(topic)) return;
    notifyLive(this.db, topic, event, data).catch((error: unknown) => this.onError(error, topic));
  }

  /** Hands `data` as event `event` to this instance's own listeners of `topic` alone. */
  publishHere(topic: string, event: string, data: unknown): void {
    this.handOut({ topic, event, data });
  }

  /**
   * Tells every service instance on the database (this one too) `event`, heard by the handler each
   * gave `hear`: work that only an instance with listeners needs to do is done there (stock-news.ts).
   * Settles once the notice is sent (a failure goes to the hub's error handler).
   */
  tellInstances(event: string, data: unknown): Promise<void> {
    return notifyLive(this.db, INSTANCES, event, data).catch((error: unknown) => this.onError(error, INSTANCES));
  }

  /** Hears the notices of `event` any instance tells (`tellInstances`), this one's included. */
  hear(event: string, handler: NoticeHandler): void {
    this.notices.set(event, handler);
  }

  /** Publishes on a dispensary-scoped topic (`orders`, `payments`, `display:<terminal>`). */
  publishTo(dispensaryId: string, key: string, event: string, data: unknown): void {
    this.publish(dispensaryTopic(dispensaryId, key), event, data);
  }

  /** Registers the snapshot of every topic whose key starts with `name` (`display` → `display:*`). */
  provideSnapshot(name: string, provider: SnapshotProvider): void {
    this.snapshots.set(name, provider);
  }

  /** The frames that bring a new subscriber of `key` up to date (none when nothing is registered). */
  async snapshot(dispensaryId: string, key: string): Promise<SseFrame[]> {
    const provider = this.snapshots.get(key.split(':')[0]!);
    return provider ? provider(dispensaryId, key) : [];
  }

  /**
   * Whether an event on `topic` may reach a listener: one of this instance's, or on a database other
   * instances share, one of theirs (not known here). False lets a publisher skip reading for it.
   */
  mayReach(topic: string): boolean {
    return this.db.shared || this.topics.has(topic);
  }

  /** Whether a listener of this instance follows `topic`. */
  followedHere(topic: string): boolean {
    return this.topics.has(topic);
  }

  /** How many listeners follow a topic on this instance (tests, diagnostics). */
  listenerCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  /** Stops hearing other instances (the service is closing). */
  close(): void {
    this.stopListening();
  }

  private deliver(payload: string): void {
    let message: LiveMessage;
    try {
      message = JSON.parse(payload) as LiveMessage;
    } catch {
      return; // not one of ours
    }
    if (message.topic !== INSTANCES) this.handOut(message);
    else {
      try {
        this.notices.get(message.event)?.(message.data);
      } catch (error) {
        this.onError(error, INSTANCES); // a notice's handler never stops delivery
      }
    }
  }

  private handOut(message: LiveMessage): void {
    const listeners = this.topics.get(message.topic);
    if (!listeners) return;
    const frame: SseFrame = { event: message.event, data: JSON.stringify(message.data) };
    for (const listener of listeners) {
      try {
        listener(frame);
      } catch {
        listeners.delete(listener);
      }
    }
  }
}

/**
 * Publishes through the database alone, for a process that serves no live channel (the command
 * line): every service instance on a PostgreSQL database, or the process serving a SQLite file,
 * hands it to its subscribers.
 */
export function notifyLive(db: DataLayer, topic: string, event: string, data: unknown): Promise<void> {
  const message: LiveMessage = { topic, event, data };
  return db.notify(JSON.stringify(message));
}

/** The topic key of a dispensary-scoped topic. */
export function dispensaryTopic(dispensaryId: string, key: string): string {
  return `${dispensaryId}:${key}`;
}
