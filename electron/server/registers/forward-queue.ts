import { sql } from 'kysely';
import { FORWARD_RECORDS_MAX, type ForwardRecord } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { coalesce } from './forward-coalesce.js';
import { settledEnough } from './forward-tables.js';
import type { ReplicaRow } from './replica-tables.js';

/** How many changes one forward call carries at most (the server takes up to 2,000). */
export const FORWARD_BATCH = FORWARD_RECORDS_MAX;

/** What waits at the register to be forwarded: sales (orders changed) and changes in all. */
export interface Waiting {
  sales: number;
  changes: number;
}

/** A batch to send: the change before it, its changes, and the last change it passes (sent or not). */
export interface ForwardBatch {
  /** The last change let go of before this batch (the queue numbers its changes one after another). */
  after: number;
  records: ForwardRecord[];
  lastSeq: number;
}

/**
 * An attached register's forward queue (migration 020): the changes its triggers wrote, in order,
 * until the server has applied them. Only a register has one, on its SQLite.
 */
export class ForwardQueue {
  constructor(private readonly db: DataLayer) {}

  /**
   * The oldest changes, as the server takes them (coalesced: the same outcome in fewer). A pending
   * payment's row is not sent: its settled row follows later in the queue, and the server must
   * never drive a payment the register is taking.
   */
  async next(q: Queryable, limit = FORWARD_BATCH): Promise<ForwardBatch | null> {
    const entries = await q.all(this.db.builder.selectFrom('forward_queue').selectAll().orderBy('seq').limit(limit));
    if (entries.length === 0) return null;
    const records: ForwardRecord[] = [];
    for (const entry of entries) {
      const row = JSON.parse(entry.row_json) as ReplicaRow;
      if (entry.op === 'stock') {
        records.push({
          seq: entry.seq,
          table: entry.table_name,
          op: 'stock',
          row,
          onHandDelta: entry.on_hand_delta ?? 0,
          reservedDelta: entry.reserved_delta ?? 0,
        });
      } else if (entry.op === 'delete' || settledEnough(entry.table_name, row)) {
        const op = entry.op as 'upsert' | 'delete';
        records.push({
          seq: entry.seq,
          table: entry.table_name,
          op,
          row,
          ...(entry.base_version ? { base: entry.base_version } : {}),
        });
      }
    }
    return { after: entries[0]!.seq - 1, records: coalesce(records), lastSeq: entries[entries.length - 1]!.seq };
  }

  /** Lets go of the changes the server has applied. */
  async applied(tx: Queryable, upTo: number): Promise<void> {
    await tx.run(this.db.builder.deleteFrom('forward_queue').where('seq', '<=', upTo));
  }

  async waiting(q: Queryable): Promise<Waiting> {
    const row = await q.first(
      this.db.builder.selectFrom('forward_queue').select([
        sql<number>`COUNT(*)`.as('changes'),
        (e) =>
          e
            .selectFrom('forward_queue')
            .select(sql<number>`COUNT(DISTINCT row_id)`.as('n'))
            .where('table_name', '=', 'orders')
            .as('sales'),
      ]),
    );
    return { sales: Number(row?.sales ?? 0), changes: Number(row?.changes ?? 0) };
  }

  /** The stock changes after `afterSeq` by package: what the server's stock does not hold yet. */
  async stockAfter(q: Queryable, afterSeq: number): Promise<Map<string, { onHand: number; reserved: number }>> {
    const rows = await q.all(
      this.db.builder
        .selectFrom('forward_queue')
        .select([
          'row_id as id',
          sql<number>`SUM(on_hand_delta)`.as('onHand'),
          sql<number>`SUM(reserved_delta)`.as('reserved'),
        ])
        .where('op', '=', 'stock')
        .where('seq', '>', afterSeq)
        .groupBy('row_id'),
    );
    return new Map(rows.map((r) => [String(r.id), { onHand: Number(r.onHand), reserved: Number(r.reserved) }]));
  }
}
