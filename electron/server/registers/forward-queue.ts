import { sql } from 'kysely';
import { FORWARD_RECORDS_MAX, type ForwardRecord } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { coalesce } from './forward-coalesce.js';
import { settledEnough } from './forward-tables.js';
import type { ReplicaRow } from './replica-tables.js';

/** How many changes one forward call carries at most (the server takes up to 2,000). */
export const FORWARD_BATCH = FORWARD_RECORDS_MAX;

/** How long a change the server answered applied is kept (`forward_sent`): a server restored from a backup asks again. */
export const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;

/** The columns a change keeps, in the queue and once sent. */
const CHANGE_COLUMNS = [
  'seq',
  'table_name',
  'row_id',
  'row_json',
  'op',
  'on_hand_delta',
  'reserved_delta',
  'created_at',
  'base_version',
] as const;

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

  /**
   * Lets go of the changes the server has applied: they leave the queue and are kept a week
   * (`forward_sent`, migration 070) for a server restored from a backup that asks for them again.
   */
  async applied(tx: Queryable, upTo: number, now: Date): Promise<void> {
    const k = this.db.builder;
    const sentAt = sql<string>`CAST(${now.toISOString()} AS text)`.as('sent_at');
    await tx.run(
      k
        .insertInto('forward_sent')
        .columns([...CHANGE_COLUMNS, 'sent_at'])
        .expression(
          k
            .selectFrom('forward_queue')
            .select([...CHANGE_COLUMNS, sentAt])
            .where('seq', '<=', upTo),
        ),
    );
    await tx.run(k.deleteFrom('forward_queue').where('seq', '<=', upTo));
    const kept = new Date(now.getTime() - KEEP_SENT_MS).toISOString();
    await tx.run(k.deleteFrom('forward_sent').where('sent_at', '<', kept));
  }

  /** The first change this register still keeps, sent or not (null: none kept since it was sent). */
  async keptFrom(q: Queryable): Promise<number | null> {
    const row = await q.first(
      this.db.builder.selectFrom('forward_sent').select(sql<number | null>`MIN(seq)`.as('seq')),
    );
    return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
  }

  /** Puts back into the queue the changes sent after `after`: the server asked for them again. */
  async resend(tx: Queryable, after: number): Promise<void> {
    const k = this.db.builder;
    await tx.run(
      k
        .insertInto('forward_queue')
        .columns([...CHANGE_COLUMNS])
        .expression(
          k
            .selectFrom('forward_sent')
            .select([...CHANGE_COLUMNS])
            .where('seq', '>', after),
        ),
    );
    await tx.run(k.deleteFrom('forward_sent').where('seq', '>', after));
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
