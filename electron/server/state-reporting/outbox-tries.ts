import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';

/** How one try ended: sent (answered 200), tried again later, or given up with its reason. */
export type TryOutcome =
  | { kind: 'sent'; statusCode: number; result: string; at: string; stateReceiptId: string | null }
  | { kind: 'retry' | 'failed'; statusCode: number | null; result: string; at: string; nextAt: string | null };

/** The state's outbox tables: sales receipts, package adjustments. */
type OutboxTable = 'state_receipts' | 'state_adjustments';

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
