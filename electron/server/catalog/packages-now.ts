import type { DataLayer } from '../db/data-layer.js';

/**
 * Products' packages as a quote reads them, kept in memory while nothing is written to the database
 * (`DataLayer.changeEpoch`: a sale, a price, a count, another process's commit all move it), so a
 * cart priced again and again as it is built reads only what changed since. A list read while the
 * epoch moved is answered but not kept; at `maxProducts` the memory starts again. Where the
 * database cannot tell (PostgreSQL, whose other instances sell too) everything is read every time.
 */
export class PackagesNow<C> {
  private readonly kept = new Map<string, readonly C[]>();
  private epoch: number | null = null;

  constructor(
    private readonly db: Pick<DataLayer, 'changeEpoch'>,
    private readonly maxProducts = 5_000,
  ) {}

  /**
   * The packages of each of `productIds` at `place` (products without any are left out), from
   * memory where kept, the others through `load` (one read for all of them).
   */
  async get(
    place: string,
    productIds: readonly string[],
    load: (ids: readonly string[]) => Promise<Map<string, C[]>>,
  ): Promise<Map<string, readonly C[]>> {
    const epoch = this.db.changeEpoch();
    if (epoch === null) return load(productIds);
    if (epoch !== this.epoch) {
      this.kept.clear();
      this.epoch = epoch;
    }
    const found = new Map<string, readonly C[]>();
    const missing: string[] = [];
    for (const id of productIds) {
      const kept = this.kept.get(`${place}\u0000${id}`);
      if (kept === undefined) missing.push(id);
      else if (kept.length > 0) found.set(id, kept);
    }
    if (missing.length === 0) return found;
    const loaded = await load(missing);
    const keep = this.db.changeEpoch() === epoch && this.epoch === epoch;
    if (keep && this.kept.size + missing.length > this.maxProducts) this.kept.clear();
    for (const id of missing) {
      const list = loaded.get(id) ?? [];
      if (list.length > 0) found.set(id, list);
      if (keep) this.kept.set(`${place}\u0000${id}`, list);
    }
    return found;
  }
}
