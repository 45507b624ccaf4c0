import { sql } from 'kysely';
import type {
  StateCustomerType,
  StateRecordKind,
  StateRecordLine,
  StateRecordStatus,
  StateRecordView,
} from '../../../shared/contracts/state-reporting.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { StateReceiptsTable } from '../db/schema.js';
import { OutboxTries, triesValues, tryColumns, type TryOutcome } from './outbox-tries.js';

const selectRecords = (k: Builder) =>
  k
    .selectFrom('state_receipts')
    .select([
      'id',
      'kind',
      'sale_id as saleId',
      'dispensary_id as dispensaryId',
      'order_id as orderId',
      'order_number as orderNumber',
      'sales_date_time as salesDateTime',
      'customer_type as customerType',
      'patient_license as patientLicenseNumber',
      'lines',
      'total_cents as totalCents',
      'refund_cents as refundCents',
      'status',
      'attempts',
      'last_status_code as lastStatusCode',
      'last_result as lastResult',
      'next_attempt_at as nextAttemptAt',
      'state_receipt_id as stateReceiptId',
      'sent_at as sentAt',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectRecords>['executeTakeFirstOrThrow']>>;

/** A record as stored, with the store and sale it belongs to. */
export interface StateRecord extends StateRecordView {
  dispensaryId: string;
  saleId: string | null;
}

const toRecord = (row: Row): StateRecord => ({
  ...row,
  kind: row.kind as StateRecordKind,
  status: row.status as StateRecordStatus,
  customerType: row.customerType as StateCustomerType,
  lines: JSON.parse(row.lines) as StateRecordLine[],
  totalCents: Number(row.totalCents),
  refundCents: Number(row.refundCents),
  attempts: Number(row.attempts),
  lastStatusCode: row.lastStatusCode === null ? null : Number(row.lastStatusCode),
  nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt : null,
});

/**
 * The outbox of state sales receipts: records written in the transaction of the sale, void or
 * refund they report, and the reporting job's queue over them. A try is claimed by a conditional
 * update of its due time, so two service instances never send the same try.
 */
export class StateReceiptsRepository {
  private readonly q;
  private readonly tries: OutboxTries;

  constructor(db: DataLayer) {
    this.tries = new OutboxTries(db, 'state_receipts');
    this.q = {
      // Every column named: the parameters are placeholders, not an object to spread.
      insert: db.prepare((k, p: StateReceiptsTable) =>
        k.insertInto('state_receipts').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          order_id: p.order_id,
          order_number: p.order_number,
          kind: p.kind,
          sale_id: p.sale_id,
          sales_date_time: p.sales_date_time,
          store_day: p.store_day,
          customer_type: p.customer_type,
          patient_license: p.patient_license,
          lines: p.lines,
          total_cents: p.total_cents,
          refund_cents: p.refund_cents,
          state_receipt_id: p.state_receipt_id,
          ...triesValues(p),
        }),
      ),
      byId: db.prepare((k, p: { id: string }) => selectRecords(k).where('id', '=', p.id)),
      // The order's sale the state still holds: its latest, with no void after it.
      openSale: db.prepare((k, p: { orderId: string }) =>
        selectRecords(k)
          .where('order_id', '=', p.orderId)
          .where('kind', '=', 'sale')
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('state_receipts as v')
                  .select('v.id')
                  .whereRef('v.sale_id', '=', 'state_receipts.id')
                  .where('v.kind', '=', 'void'),
              ),
            ),
          )
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1),
      ),
      refundedOf: db.prepare((k, p: { saleId: string }) =>
        k
          .selectFrom('state_receipts')
          .select(sql<number>`COALESCE(SUM(refund_cents), 0)`.as('refunded'))
          .where('sale_id', '=', p.saleId)
          .where('kind', '=', 'refund'),
      ),
      ofDay: db.prepare((k, p: { dispensaryId: string; day: string }) =>
        selectRecords(k)
          .where('dispensary_id', '=', p.dispensaryId)
          .where('store_day', '=', p.day)
          .orderBy('created_at')
          .orderBy('id'),
      ),
      // Due records of stores that report; a void or refund only once its sale has been answered.
      due: db.prepare((k, p: { now: string; limit: number }) =>
        k
          .selectFrom('state_receipts as r')
          .innerJoin('state_reporting_settings as s', 's.dispensary_id', 'r.dispensary_id')
          .leftJoin('state_receipts as sale', 'sale.id', 'r.sale_id')
          .select(['r.id', 'r.next_attempt_at as nextAttemptAt'])
          .where('r.status', '=', 'pending')
          .where('r.next_attempt_at', '<=', p.now)
          .where('s.enabled', '=', 1)
          .where((eb) => eb.or([eb('r.sale_id', 'is', null), eb('sale.status', '!=', 'pending')]))
          .orderBy('r.created_at')
          .orderBy('r.id')
          .limit(p.limit),
      ),
      record: db.prepare(
        (
          k,
          p: {
            id: string;
            status: string;
            code: number | null;
            result: string;
            next: string | null;
            sentAt: string | null;
            stateId: string | null;
          },
        ) =>
          k
            .updateTable('state_receipts')
            .set({
              status: p.status,
              last_status_code: p.code,
              last_result: p.result,
              next_attempt_at: p.next,
              sent_at: p.sentAt,
              state_receipt_id: sql<string | null>`COALESCE(${p.stateId}, state_receipt_id)`,
            })
            .where('id', '=', p.id)
            .where('status', '=', 'pending'),
      ),
    };
  }

  async insert(tx: Queryable, record: StateReceiptsTable): Promise<void> {
    await tx.run(this.q.insert, record);
  }

  async find(q: Queryable, id: string): Promise<StateRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
  }

  /** The order's latest sale not voided yet, if it was reported. */
  async openSale(q: Queryable, orderId: string): Promise<StateRecord | undefined> {
    const row = await q.first(this.q.openSale, { orderId });
    return row && toRecord(row);
  }

  /** The money given back so far against a sale (its refund records). */
  async refundedOf(q: Queryable, saleId: string): Promise<number> {
    return Number((await q.first(this.q.refundedOf, { saleId }))?.refunded ?? 0);
  }

  /** A store's records written on one of its days, oldest first. */
  async ofDay(q: Queryable, dispensaryId: string, day: string): Promise<StateRecord[]> {
    return (await q.all(this.q.ofDay, { dispensaryId, day })).map(toRecord);
  }

  /** Pending records due by `now` at stores that report, oldest first. */
  due(q: Queryable, now: string, limit: number): Promise<{ id: string; nextAttemptAt: string | null }[]> {
    return q.all(this.q.due, { now, limit });
  }

  /** Takes a due try: its due time moves past the try's timeout (a crash mid-try retries it then). */
  claim(tx: Queryable, id: string, seen: string, leaseUntil: string, now: string): Promise<boolean> {
    return this.tries.claim(tx, id, seen, leaseUntil, now);
  }

  /** Writes a try's outcome over the pending record. */
  async record(tx: Queryable, id: string, outcome: TryOutcome): Promise<void> {
    const stateId = outcome.kind === 'sent' ? outcome.stateReceiptId : null;
    await tx.run(this.q.record, { id, ...tryColumns(outcome), stateId });
  }

  /** A failed record gets a fresh round of tries, due now; false when it was not failed. */
  retry(tx: Queryable, id: string, now: string): Promise<boolean> {
    return this.tries.retry(tx, id, now);
  }
}
