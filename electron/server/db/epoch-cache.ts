import type { DataLayer, WriteWork } from './data-layer.js';

/** What an EpochCache follows: the data layer's cache epoch (see DataLayer.cacheEpoch). */
export interface EpochSource {
  cacheEpoch(): number;
}

/**
 * Rows a service instance reads on every request (its stores, API clients, access tokens), kept in
 * memory until the data layer's cache epoch moves: another process committed (SQLite's
 * `data_version`), or an instance said it changed such rows (`invalidateCaches`, after its commit).
 * A value read while the epoch moved is answered but not kept, so a change committed during the read
 * is never hidden behind an older copy. Only found rows are kept; at `maxEntries` the oldest goes.
 */
export class EpochCache<V> {
  private readonly entries = new Map<string, V>();
  private epoch = Number.NaN;

  constructor(
    private readonly source: EpochSource,
    private readonly maxEntries = 10_000,
  ) {}

  /** The cached value of `key`, or what `load` reads (kept when found and nothing moved meanwhile). */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const epoch = this.sync();
    const hit = this.entries.get(key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (value !== undefined && this.sync() === epoch) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Forgets everything (this process changed rows it caches). */
  clear(): void {
    this.entries.clear();
  }

  private sync(): number {
    const now = this.source.cacheEpoch();
    if (now !== this.epoch) {
      this.entries.clear();
      this.epoch = now;
    }
    return now;
  }
}

/**
 * Runs `work` in a write and, once it is committed, tells every process and instance on the
 * database that rows they cache changed (a store's settings, a client, user or partner disabled, a
 * token revoked or given its register), so none answers from an older copy.
 */
export async function writeChangingCached<T>(db: DataLayer, work: WriteWork<T>): Promise<T> {
  const result = await db.write(work);
  await db.invalidateCaches();
  return result;
}
