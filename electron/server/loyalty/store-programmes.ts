import type { LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import { storedProgramme } from '../../../shared/loyalty/points.js';
import type { DataLayer } from '../db/data-layer.js';
import { EpochCache } from '../db/epoch-cache.js';
import type { Queryable } from '../db/query.js';

interface StoreProgramme {
  programme: LoyaltyProgramme;
  /** False for a store whose manager never set up a programme: its sales move no points. */
  setUp: boolean;
}

/** Each store's loyalty programme, cached until a change of any store's set-up (`{ cached: true }` writes). */
export class StorePrograms {
  private readonly cache: EpochCache<StoreProgramme>;

  constructor(private readonly db: DataLayer) {
    this.cache = new EpochCache(db);
  }

  /** `q`: the caller's write transaction when in one (the cache is read first). */
  async of(q: Queryable, dispensaryId: string): Promise<LoyaltyProgramme> {
    return (await this.read(q, dispensaryId)).programme;
  }

  async setUp(q: Queryable, dispensaryId: string): Promise<boolean> {
    return (await this.read(q, dispensaryId)).setUp;
  }

  private async read(q: Queryable, dispensaryId: string): Promise<StoreProgramme> {
    const found = await this.cache.get(dispensaryId, async () => {
      const row = await q.first(
        this.db.builder.selectFrom('dispensaries').select('loyalty').where('id', '=', dispensaryId),
      );
      if (!row) return undefined;
      return { programme: storedProgramme(row.loyalty), setUp: row.loyalty !== null };
    });
    if (!found) throw new Error(`store ${dispensaryId} is not in this database`);
    return found;
  }
}
