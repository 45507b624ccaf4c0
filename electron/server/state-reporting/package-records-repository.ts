import type { StatePackageRecordView, StateRecordStatus } from '../../../shared/contracts/state-reporting.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { StatePackageRecordsTable } from '../db/schema/inventory.js';
import { PlainOutbox, triesValues } from './outbox-tries.js';
import { packageRecordSummary } from './package-record-bodies.js';

const selectRecords = (k: Builder) =>
  k
    .selectFrom('state_package_records')
    .select([
      'id',
      'dispensary_id as dispensaryId',
      'kind',
      'subject',
      'body',
      'record_date as recordDate',
      'status',
      'attempts',
      'last_status_code as lastStatusCode',
      'last_result as lastResult',
      'next_attempt_at as nextAttemptAt',
      'sent_at as sentAt',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

/** A delivery's or a move's record as stored: its store and the request body too. */
export interface StatePackageRecord extends StatePackageRecordView {
  dispensaryId: string;
  body: string;
}

const toRecord = (row: Row): StatePackageRecord => ({
  ...row,
  summary: packageRecordSummary(row.kind, row.body),
  status: row.status as StateRecordStatus,
  attempts: Number(row.attempts),
  lastStatusCode: row.lastStatusCode === null ? null : Number(row.lastStatusCode),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
});

/** A record as people see it (no store id, no request body). */
export const packageRecordView = ({ dispensaryId: _store, body: _body, ...view }: StatePackageRecord) => view;

/**
 * The outbox of deliveries received and packages moved that the state is told of: written in the
 * receipt's or the move's transaction, then the reporting job's queue, claimed and recorded as
 * adjustments are.
 */
export class StatePackageRecordsRepository extends PlainOutbox {
  private readonly queries;

  constructor(db: DataLayer) {
    super(db, 'state_package_records');
    this.queries = {
      insert: db.prepare((k, p: StatePackageRecordsTable) =>
        k.insertInto('state_package_records').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          kind: p.kind,
          source_id: p.source_id,
          subject: p.subject,
          body: p.body,
          record_date: p.record_date,
          ...triesValues(p),
        }),
      ),
      byId: db.prepare((k, p: { id: string }) => selectRecords(k).where('id', '=', p.id)),
      ofDay: db.prepare((k, p: { dispensaryId: string; day: string }) =>
        selectRecords(k)
          .where('dispensary_id', '=', p.dispensaryId)
          .where('record_date', '=', p.day)
          .orderBy('created_at')
          .orderBy('id'),
      ),
    };
  }

  async insert(tx: Queryable, record: StatePackageRecordsTable): Promise<void> {
    await tx.run(this.queries.insert, record);
  }

  async find(q: Queryable, id: string): Promise<StatePackageRecord | undefined> {
    const row = await q.first(this.queries.byId, { id });
    return row && toRecord(row);
  }

  /** A store's records of one of its days, oldest first. */
  async ofDay(q: Queryable, dispensaryId: string, day: string): Promise<StatePackageRecord[]> {
    return (await q.all(this.queries.ofDay, { dispensaryId, day })).map(toRecord);
  }
}
