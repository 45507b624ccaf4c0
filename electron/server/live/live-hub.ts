import type { SseFrame } from '../../../shared/sse.js';

/** Receives the events published on one topic. */
export type LiveListener = (frame: SseFrame) => void;

/** The current state of a topic, sent first to each new subscriber (`key` is e.g. `display:front-1`). */
export type SnapshotProvider = (dispensaryId: string, key: string) => SseFrame[];

/**
 * In-process publish/subscribe for the live channel. Topics are strings scoped by the caller
 * (`<dispensaryId>:orders`, `session:<id>`); publishing to a topic nobody follows costs one lookup.
 * A listener that throws is removed, never allowed to break the publisher. Features may register a
 * snapshot of a topic's current state so a client that (re)connects starts from it.
 */
export class LiveHub {
  private readonly topics = new Map<string, Set<LiveListener>>();
  private readonly snapshots = new Map<string, SnapshotProvider>();

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

  /** Sends `data` as event `event` to every listener of `topic`. */
  publish(topic: string, event: string, data: unknown): void {
    const listeners = this.topics.get(topic);
    if (!listeners) return;
    const frame: SseFrame = { event, data: JSON.stringify(data) };
    for (const listener of listeners) {
      try {
        listener(frame);
      } catch {
        listeners.delete(listener);
      }
    }
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
  snapshot(dispensaryId: string, key: string): SseFrame[] {
    const provider = this.snapshots.get(key.split(':')[0]!);
    return provider ? provider(dispensaryId, key) : [];
  }

  /** How many listeners follow a topic (tests, diagnostics). */
  listenerCount(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }
}

/** The topic key of a dispensary-scoped topic. */
export function dispensaryTopic(dispensaryId: string, key: string): string {
  return `${dispensaryId}:${key}`;
}
