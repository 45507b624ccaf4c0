import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { StateAdjustmentsTable } from '../db/schema/inventory.js';

/** How one try ended: sent (answered 200), tried again later, or given up with its reason. */
export type TryOutcome =
  | { kind: 'sent'; statusCode: number; result: string; at: string; stateReceiptId: string | null }
  | { kind: 'retry' | 'failed'; statusCode: number | null; result: string; at: string; nextAt: string | null };

/** The state's outbox tables: sales receipts, package adjustments, deliveries received and moves. */
type OutboxTable = 'state_receipts' | 'state_adjustments' | 'state_package_records';
/** The outboxes whose records are sent in the order written, none waiting for another. */
type PlainOutboxTable = Exclude<OutboxTable, 'state_receipts'>;

/** A try's outcome as the columns every outbox table keeps of it. */
export function tryColumns(outcome: TryOutcome): {
  status: string;
  code: number | null;
  result: string;
  next: string | null;
  sentAt: string | null;
} {
  const sent = outcome.kind === 'sent';
  return {
    status: outcome.kind === 'retry' ? 'pending' : outcome.kind,
    code: outcome.statusCode,
    result: outcome.result,
    next: sent ? null : outcome.nextAt,
    sentAt: sent ? outcome.at : null,
  };
}

/** The columns every outbox keeps of its tries (each outbox table has them as the adjustments' has). */
type TriesColumns = Pick<
  StateAdjustmentsTable,
  | 'status'
  | 'attempts'
  | 'next_attempt_at'
  | 'last_attempt_at'
  | 'last_status_code'
  | 'last_result'
  | 'sent_at'
  | 'created_at'
>;

/** The columns every outbox keeps of its tries, as a prepared insert names its parameters. */
export function triesValues(p: TriesColumns): TriesColumns {
  const { status, attempts, next_attempt_at, last_attempt_at, last_status_code, last_result, sent_at, created_at } = p;
  return { status, attempts, next_attempt_at, last_attempt_at, last_status_code, last_result, sent_at, created_at };
}

/**
 * A state outbox's tries, the same for each of its tables: a due try claimed by a conditional
 * update (so no two instances send the same one), and a failed record given a fresh round.
 */
export class OutboxTries {
  private readonly q;

  constructor(db: DataLayer, table: OutboxTable) {
    this.q = {
      claim: db.prepare((k, p: { id: string; seen: string; leaseUntil: string; now: string }) =>
        k
          .updateTable(table)
          .set((eb) => ({ next_attempt_at: p.leaseUntil, attempts: eb('attempts', '+', 1), last_attempt_at: p.now }))
          .where('id', '=', p.id)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '=', p.seen),
      ),
      retry: db.prepare((k, p: { id: string; now: string }) =>
        k
          .updateTable(table)
          .set({ status: 'pending', attempts: 0, next_attempt_at: p.now })
          .where('id', '=', p.id)
          .where('status', '=', 'failed'),
      ),
    };
  }

  /** Takes a due try: its due time moves past the try's timeout (a crash mid-try retries it then). */
  async claim(tx: Queryable, id: string, seen: string, leaseUntil: string, now: string): Promise<boolean> {
    return (await tx.run(this.q.claim, { id, seen, leaseUntil, now })) === 1;
  }

  /** A failed record gets a fresh round of tries, due now; false when it was not failed. */
  async retry(tx: Queryable, id: string, now: string): Promise<boolean> {
    return (await tx.run(this.q.retry, { id, now })) === 1;
  }
}

/**
 * An outbox whose records wait for no other (package adjustments, deliveries, moves): its due
 * records at stores that report, and a try's outcome recorded; claims and retries as every outbox's.
 */
export class PlainOutbox extends OutboxTries {
  private readonly plain;

  constructor(db: DataLayer, table: PlainOutboxTable) {
    super(db, table);
    // Typed as one of them: the plain outboxes share every column read here (a union of table names defeats the join's types).
    const from = `${table as 'state_adjustments'} as r` as const;
    this.plain = {
      due: db.prepare((k, p: { now: string; limit: number }) =>
        k
          .selectFrom(from)
          .innerJoin('state_reporting_settings as s', 's.dispensary_id', 'r.dispensary_id')
          .select(['r.id', 'r.next_attempt_at as nextAttemptAt'])
          .where('r.status', '=', 'pending')
          .where('r.next_attempt_at', '<=', p.now)
          .where('s.enabled', '=', 1)
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
          },
        ) =>
          k
            .updateTable(table)
            .set({
              status: p.status,
              last_status_code: p.code,
              last_result: p.result,
              next_attempt_at: p.next,
              sent_at: p.sentAt,
            })
            .where('id', '=', p.id)
            .where('status', '=', 'pending'),
      ),
    };
  }

  /** Pending records due by `now` at stores that report, oldest first. */
  due(q: Queryable, now: string, limit: number): Promise<{ id: string; nextAttemptAt: string | null }[]> {
    return q.all(this.plain.due, { now, limit });
  }

  async record(tx: Queryable, id: string, outcome: TryOutcome): Promise<void> {
    await tx.run(this.plain.record, { id, ...tryColumns(outcome) });
  }
}
