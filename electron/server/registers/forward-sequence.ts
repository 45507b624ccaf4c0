import { FORWARD_RECORDS_MAX, type ForwardRecord } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';

const invalid = (field: string, rule: string) => new ServicePayError('INVALID_INPUT', `${field} ${rule}`, { field });
const n = (value: number) => value.toLocaleString('en-US');

/**
 * A forward's changes in the order of the register's queue: after `after` (the last change the
 * register has let go of), each after the one before, and within the 2,000 places of the queue a
 * batch is read from (its queue numbers every change, one after another). A change numbered past
 * them is not one the register has made yet: taken, it would make the register's real changes of
 * those numbers look applied already.
 */
export function checkOrder(after: number, records: readonly ForwardRecord[], keptFrom?: number): void {
  if (keptFrom !== undefined && keptFrom > after + 1) {
    throw invalid(
      'keptFrom',
      `(${keptFrom}) must be at most ${after + 1}: the register keeps every change after ${after} (after) until it is applied`,
    );
  }
  records.forEach((record, i) => {
    if (i > 0 && record.seq <= records[i - 1]!.seq) {
      throw new ServicePayError('INVALID_INPUT', 'the changes must come in the order of their sequence numbers', {
        field: 'records',
      });
    }
    const field = `records[${i}].seq`;
    if (record.seq <= after) {
      throw invalid(field, `(${record.seq}) must come after ${after}, the last change the register let go of (after)`);
    }
    if (record.seq > after + FORWARD_RECORDS_MAX) {
      throw invalid(
        field,
        `(${record.seq}) must be at most ${n(FORWARD_RECORDS_MAX)} places after ${after} (after): ` +
          'a forward carries the changes of one batch of the queue',
      );
    }
  });
}

/** "change 13", "changes 13 to 57". */
const places = (from: number, to: number) => (from === to ? `change ${n(from)}` : `changes ${n(from)} to ${n(to)}`);

/** What a forward says of the register's queue: the last change it let go of, and the first it keeps. */
export interface ForwardMarksIn {
  after: number;
  keptFrom?: number | undefined;
}

/**
 * Where each of a register's queues stands at the server (`register_queue_marks`): its last change
 * applied, and the `after` of its last forward; the register's latest queue is also kept on its row
 * (`registers.forwarded_seq`, `forward_after`, `forward_queue_id`: what its replica answers of). A
 * change at or below the mark was applied (a batch sent again after a lost answer is applied once),
 * so the mark never moves on a number the register has not given a change, and never silently past
 * one it will send: what does not fit is listed for the store.
 */
export class ForwardMarks {
  constructor(private readonly db: DataLayer) {}

  /**
   * The mark this forward's changes are compared with, the register's row locked (two calls of one
   * register queue up). A queue the server has never seen (a new data folder attached as this
   * register) starts at 0; one it has seen goes on from its own mark, whichever queue of the
   * register came in between (a machine replaced under the same name, then the earlier machine
   * attached again with its folder). `after` past the mark: the register let go of changes that
   * never came here (this server restored from a backup). Those it still keeps (from `keptFrom`) it
   * is asked for again (`resend`: the mark is answered, nothing applied); those it keeps no more are
   * listed as missing, and the mark moves past them. `after` below the queue's last forward's: the
   * register went back (its data restored from a backup); listed, and its changes after `after` are
   * applied as it sends them, never passed over as applied already.
   */
  async start(
    tx: Queryable,
    scope: ForwardScope,
    queueId: string,
    { after, keptFrom }: ForwardMarksIn,
    raise: (seq: number, exception: NewException) => Promise<void>,
  ): Promise<{ seq: number; resend: boolean }> {
    const k = this.db.builder;
    const row = await tx.first(
      this.db.dialect.forNoKeyUpdate(k.selectFrom('registers').select('id').where('id', '=', scope.registerId)),
    );
    if (!row) throw new ServicePayError('NOT_FOUND', 'this register is no longer enrolled here');
    const mark = await tx.first(
      k
        .selectFrom('register_queue_marks')
        .select(['forwarded_seq', 'forward_after'])
        .where('register_id', '=', scope.registerId)
        .where('queue_id', '=', queueId),
    );
    const seq = Number(mark?.forwarded_seq ?? 0);
    const before = Number(mark?.forward_after ?? 0);
    if (after > seq) {
      // The register keeps the changes from `keptFrom` on: this server asks again for those it lacks.
      const lost = Math.min(after, Math.max(seq, (keptFrom ?? after + 1) - 1));
      if (lost > seq) {
        await raise(lost, {
          kind: 'changes_missing',
          detail:
            `${scope.name}'s ${places(seq + 1, lost)} never reached this server, and ${scope.name} has let go of ` +
            'them (was this server restored from a backup?): sales and stock changes among them are missing here',
        });
      }
      return { seq: lost, resend: lost < after };
    }
    if (after < before) {
      await raise(after, {
        kind: 'went_back',
        detail:
          `${scope.name} sent its changes after ${n(after)} again, though it had let go of those up to ` +
          `${n(before)} (was it restored from a backup?): they are applied as it sends them now, so sales and ` +
          'stock changes it sent before may be here twice: check them',
      });
      return { seq: after, resend: false };
    }
    return { seq, resend: false };
  }

  /** Moves the mark of the register's queue to `seq`, and notes its forward's `after`, in the forward's transaction. */
  async moveTo(tx: Queryable, scope: ForwardScope, queueId: string, seq: number, after: number): Promise<void> {
    const k = this.db.builder;
    await tx.run(
      k
        .insertInto('register_queue_marks')
        .values({ register_id: scope.registerId, queue_id: queueId, forwarded_seq: seq, forward_after: after })
        .onConflict((c) =>
          c.columns(['register_id', 'queue_id']).doUpdateSet({ forwarded_seq: seq, forward_after: after }),
        ),
    );
    await tx.run(
      k
        .updateTable('registers')
        .set({ forwarded_seq: seq, forward_after: after, forward_queue_id: queueId })
        .where('id', '=', scope.registerId),
    );
  }
}

/** The last change of a register's queue applied here, and which queue (null: none yet). */
export async function forwardMark(
  db: DataLayer,
  q: Queryable,
  registerId: string,
): Promise<{ seq: number; queueId: string | null }> {
  const row = await q.first(
    db.builder
      .selectFrom('registers')
      .select(['forwarded_seq as seq', 'forward_queue_id as queueId'])
      .where('id', '=', registerId),
  );
  return { seq: Number(row?.seq ?? 0), queueId: row?.queueId ?? null };
}
