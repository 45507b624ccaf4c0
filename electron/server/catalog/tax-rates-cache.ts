import type { LayerRate } from '../../../shared/tax-layers.js';
import type { DataLayer } from '../db/data-layer.js';
import { EpochCache } from '../db/epoch-cache.js';
import type { Queryable } from '../db/query.js';

/**
 * The rates (layers) of tax classes, read on every ticket to split its taxes by layer, kept until
 * the data layer's cache epoch moves (tax set-up changes invalidate it). The combined rate the ticket
 * read in its own transaction is the check: rates whose sum differs from it are read again there.
 */
export class TaxRatesCache {
  private readonly cache: EpochCache<LayerRate[]>;
  private readonly q;

  constructor(db: DataLayer) {
    this.cache = new EpochCache(db);
    this.q = {
      rates: db.prepare((k, p: { classId: number }) =>
        k
          .selectFrom('tax_rates')
          .select(['name', 'rate_ppm as ratePpm'])
          .where('tax_class_id', '=', p.classId)
          .orderBy('id'),
      ),
    };
  }

  /** The rates of class `classId`, which add up to `totalPpm` as the caller read it. */
  async of(q: Queryable, classId: number, totalPpm: number): Promise<LayerRate[]> {
    const read = async () =>
      (await q.all(this.q.rates, { classId })).map((rate) => ({ name: rate.name, ratePpm: Number(rate.ratePpm) }));
    const cached = await this.cache.get(String(classId), read);
    if (cached && sum(cached) === totalPpm) return cached;
    return read();
  }
}

const sum = (rates: readonly LayerRate[]) => rates.reduce((total, rate) => total + rate.ratePpm, 0);
