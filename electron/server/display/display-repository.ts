import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** A terminal's stored display state. */
export interface StoredDisplay {
  seq: number;
  stateJson: string;
  updatedAt: string;
  /** Who set it (`staff:<id>`, or `partner:<certId>`); null when not known (set before it was kept). */
  setBy: string | null;
}

/** What each register's pole display shows, in the database so every service instance agrees. */
export class DisplayRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { dispensaryId: string; terminalId: string }) =>
        k
          .selectFrom('display_states')
          .select(['seq', 'state_json as stateJson', 'updated_at as updatedAt', 'set_by as setBy'])
          .where('dispensary_id', '=', p.dispensaryId)
          .where('terminal_id', '=', p.terminalId),
      ),
      // One statement: the sequence number grows by one per change, whichever instance makes it.
      save: db.prepare(
        (k, p: { dispensaryId: string; terminalId: string; stateJson: string; at: string; setBy: string }) =>
          k
            .insertInto('display_states')
            .values({
              dispensary_id: p.dispensaryId,
              terminal_id: p.terminalId,
              seq: 1,
              state_json: p.stateJson,
              updated_at: p.at,
              set_by: p.setBy,
            })
            .onConflict((conflict) =>
              conflict.columns(['dispensary_id', 'terminal_id']).doUpdateSet((eb) => ({
                seq: eb('display_states.seq', '+', 1),
                state_json: eb.ref('excluded.state_json'),
                updated_at: eb.ref('excluded.updated_at'),
                set_by: eb.ref('excluded.set_by'),
              })),
            )
            .returning('seq'),
      ),
    };
  }

  find(q: Queryable, dispensaryId: string, terminalId: string): Promise<StoredDisplay | undefined> {
    return q.first(this.q.find, { dispensaryId, terminalId });
  }

  /** Replaces the terminal's state, set by `setBy` (`staff:<id>`…); resolves with its new sequence number. */
  async save(
    tx: Queryable,
    dispensaryId: string,
    terminalId: string,
    stateJson: string,
    at: string,
    setBy: string,
  ): Promise<number> {
    const row = await tx.first(this.q.save, { dispensaryId, terminalId, stateJson, at, setBy });
    return row!.seq;
  }
}
