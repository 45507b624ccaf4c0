import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/**
 * Whether a store keeps state records, and its time zone: a store records when it enforces a
 * compliance profile or its state reporting is configured (sent only once it is turned on), as for
 * sales (state-receipt-outbox.ts).
 */
export class ReportingStores {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = db.prepare((k, p: { id: string }) =>
      k
        .selectFrom('dispensaries as d')
        .leftJoin('state_reporting_settings as s', 's.dispensary_id', 'd.id')
        .select(['d.timezone', 'd.compliance_profile as profile', 's.dispensary_id as configured'])
        .where('d.id', '=', p.id),
    );
  }

  /** A store's clock, and whether it records at all; undefined for no such store. */
  async facts(tx: Queryable, dispensaryId: string): Promise<{ timeZone: string; recording: boolean } | undefined> {
    const store = await tx.first(this.q, { id: dispensaryId });
    return store && { timeZone: store.timezone, recording: store.profile !== null || store.configured !== null };
  }

  /** The store's time zone when it records; undefined when it keeps no state records. */
  async recording(tx: Queryable, dispensaryId: string): Promise<{ timeZone: string } | undefined> {
    const store = await this.facts(tx, dispensaryId);
    return store?.recording ? { timeZone: store.timeZone } : undefined;
  }
}
