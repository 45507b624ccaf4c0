import type { StateAdjustmentView, StateRecordStatus } from '../../../shared/contracts/state-reporting.js';
import { insertRows } from '../db/batch-writes.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { StateAdjustmentsTable } from '../db/schema/inventory.js';
import { PlainOutbox, triesValues } from './outbox-tries.js';

const selectAdjustments = (k: Builder) =>
  k
    .selectFrom('state_adjustments')
    .select([
      'id',
      'dispensary_id as dispensaryId',
      'adjustment_id as adjustmentId',
      'package_label as packageLabel',
      'quantity_milli as quantityMilli',
      'unit_of_measure as unitOfMeasure',
      'reason',
      'reason_note as reasonNote',
      'adjustment_date as adjustmentDate',
      'status',
      'attempts',
      'last_status_code as lastStatusCode',
      'last_result as lastResult',
      'next_attempt_at as nextAttemptAt',
      'sent_at as sentAt',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectAdjustments>['executeTakeFirstOrThrow']>>;

/** An adjustment record as stored, with its store. */
export interface StateAdjustmentRecord extends StateAdjustmentView {
  dispensaryId: string;
}

const toRecord = ({ quantityMilli, ...row }: Row): StateAdjustmentRecord => ({
  ...row,
  quantity: Number(quantityMilli) / 1000,
  status: row.status as StateRecordStatus,
  attempts: Number(row.attempts),
  lastStatusCode: row.lastStatusCode === null ? null : Number(row.lastStatusCode),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
});

/**
 * The outbox of package adjustments the state is told of: written in the adjustment's transaction,
 * then the reporting job's queue, claimed and recorded as sales receipts are
 * (receipts-repository.ts says how two instances never send the same try).
 */
export class StateAdjustmentsRepository extends PlainOutbox {
  private readonly queries;

  constructor(private readonly db: DataLayer) {
    super(db, 'state_adjustments');
    this.queries = {
      insert: db.prepare((k, p: StateAdjustmentsTable) =>
        k.insertInto('state_adjustments').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          adjustment_id: p.adjustment_id,
          package_label: p.package_label,
          quantity_milli: p.quantity_milli,
          unit_of_measure: p.unit_of_measure,
          reason: p.reason,
          reason_note: p.reason_note,
          adjustment_date: p.adjustment_date,
          ...triesValues(p),
        }),
      ),
      byId: db.prepare((k, p: { id: string }) => selectAdjustments(k).where('id', '=', p.id)),
      ofDay: db.prepare((k, p: { dispensaryId: string; day: string }) =>
        selectAdjustments(k)
          .where('dispensary_id', '=', p.dispensaryId)
          .where('adjustment_date', '=', p.day)
          .orderBy('created_at')
          .orderBy('id'),
      ),
    };
  }

  async insert(tx: Queryable, record: StateAdjustmentsTable): Promise<void> {
    await tx.run(this.queries.insert, record);
  }

  /** The records of adjustments written together (a count applied): a few statements for thousands. */
  async insertMany(tx: Queryable, records: readonly StateAdjustmentsTable[]): Promise<void> {
    if (records.length === 1) await this.insert(tx, records[0]!);
    else await insertRows(this.db, tx, 'state_adjustments', records);
  }

  async find(q: Queryable, id: string): Promise<StateAdjustmentRecord | undefined> {
    const row = await q.first(this.queries.byId, { id });
    return row && toRecord(row);
  }

  /** A store's adjustments of one of its days, oldest first. */
  async ofDay(q: Queryable, dispensaryId: string, day: string): Promise<StateAdjustmentRecord[]> {
    return (await q.all(this.queries.ofDay, { dispensaryId, day })).map(toRecord);
  }
}
