import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { CashMovementsTable } from '../db/schema.js';

const COLUMNS = [
  'id',
  'shift_id',
  'kind',
  'amount_cents',
  'reason',
  'actor_id',
  'actor_name',
  'at',
  'approved_by_id',
  'approved_by_name',
] as const;

/** Paid-in, paid-out, safe drops and no-sales of drawers' shifts. */
export class MovementsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: CashMovementsTable) =>
        k.insertInto('cash_movements').values({
          id: p.id,
          shift_id: p.shift_id,
          kind: p.kind,
          amount_cents: p.amount_cents,
          reason: p.reason,
          actor_id: p.actor_id,
          actor_name: p.actor_name,
          at: p.at,
          approved_by_id: p.approved_by_id,
          approved_by_name: p.approved_by_name,
        }),
      ),
      ofShift: db.prepare((k, p: { shiftId: string }) =>
        k.selectFrom('cash_movements').select(COLUMNS).where('shift_id', '=', p.shiftId).orderBy('at').orderBy('id'),
      ),
    };
  }

  async insert(tx: Queryable, movement: CashMovementsTable): Promise<void> {
    await tx.run(this.q.insert, movement);
  }

  /** A shift's movements, oldest first. */
  ofShift(q: Queryable, shiftId: string): Promise<CashMovementsTable[]> {
    return q.all(this.q.ofShift, { shiftId });
  }
}
