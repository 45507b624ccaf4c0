import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ForwardExceptions, type ForwardScope, type NewException } from './forward-exceptions.js';
import type { WebhookOutbox } from '../webhooks/outbox.js';
import { ForwardCustomers } from './forward-customers.js';
import { ForwardEvents } from './forward-events.js';
import { applyRow, NotApplied } from './forward-rows.js';
import { applyStockChanges, type StockChange } from './forward-stock.js';
import { StockHolds } from './stock-holds.js';

/** What one forward call did. */
export interface ForwardOutcome {
  forwardedSeq: number;
  applied: number;
  exceptions: number;
  /** The orders it wrote, by id, as they are now here (for the live channel). */
  orders: Map<
    string,
    { orderNumber: string; status: string; totalCents: number; createdAt: string; updatedAt: string }
  >;
}

const empty = (): ForwardOutcome => ({ forwardedSeq: 0, applied: 0, exceptions: 0, orders: new Map() });

/**
 * Applies an attached register's changes on its store server, each exactly once: the register's
 * row is locked, changes at or below its `forwarded_seq` are passed over (a retry after a crash of
 * either side), and the rest are applied in order in the same transaction that moves it. A change
 * the server refuses (another store's row, a table it does not take) is written down as an
 * exception and passed over; the queue never stops behind it.
 */
export class ForwardApplier {
  private readonly exceptions: ForwardExceptions;
  private readonly helpers: { events: ForwardEvents; customers: ForwardCustomers };
  private readonly holds: StockHolds;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
    outbox: WebhookOutbox,
  ) {
    this.exceptions = new ForwardExceptions(db);
    this.helpers = { events: new ForwardEvents(db, outbox), customers: new ForwardCustomers(db) };
    this.holds = new StockHolds(db);
  }

  async apply(scope: ForwardScope, queueId: string, records: readonly ForwardRecord[]): Promise<ForwardOutcome> {
    records.forEach((record, i) => {
      if (i > 0 && record.seq <= records[i - 1]!.seq) {
        throw new ServicePayError('INVALID_INPUT', 'the changes must come in the order of their sequence numbers', {
          field: 'records',
        });
      }
    });
    try {
      return await this.db.write((tx) => this.applyAll(tx, scope, queueId, records));
    } catch {
      // A change the database refuses (a constraint, a column it does not have) failed the whole
      // batch: the changes go one at a time, and one that fails alone is written down instead.
      const total = empty();
      for (const record of records) {
        let one: ForwardOutcome;
        try {
          one = await this.db.write((tx) => this.applyAll(tx, scope, queueId, [record]));
        } catch (error) {
          const detail = `${scope.name} sent a change this server could not apply (the database said: ${(error as Error).message})`;
          one = await this.db.write((tx) => this.passOver(tx, scope, queueId, record, detail));
        }
        total.forwardedSeq = Math.max(total.forwardedSeq, one.forwardedSeq);
        total.applied += one.applied;
        total.exceptions += one.exceptions;
        for (const [id, order] of one.orders) total.orders.set(id, order);
      }
      return total;
    }
  }

  /** The register's last applied change, its row locked (so two calls of one register queue up). */
  private async watermark(tx: Queryable, scope: ForwardScope, queueId: string): Promise<number> {
    const k = this.db.builder;
    const row = await tx.first(
      this.db.dialect.forUpdate(
        k.selectFrom('registers').select(['forwarded_seq', 'forward_queue_id']).where('id', '=', scope.registerId),
      ),
    );
    if (!row) throw new ServicePayError('NOT_FOUND', 'this register is no longer enrolled here');
    // A queue the server has not seen (a new data folder attached as this register) starts at 0.
    return row.forward_queue_id === queueId ? Number(row.forwarded_seq) : 0;
  }

  private async moveTo(tx: Queryable, scope: ForwardScope, queueId: string, seq: number): Promise<void> {
    await tx.run(
      this.db.builder
        .updateTable('registers')
        .set({ forwarded_seq: seq, forward_queue_id: queueId })
        .where('id', '=', scope.registerId),
    );
  }

  private async applyAll(
    tx: Queryable,
    scope: ForwardScope,
    queueId: string,
    records: readonly ForwardRecord[],
  ): Promise<ForwardOutcome> {
    const out = empty();
    let seq = await this.watermark(tx, scope, queueId);
    const now = this.now().toISOString();
    const owners = new Map<string, string | null>();
    const stock = new Map<string, StockChange>();
    /** Units each package's changes reserved (not counting what they gave back): what holds may cover. */
    const reservedUp = new Map<string, number>();
    const raise = async (at: number, exception: NewException) => {
      await this.exceptions.add(tx, scope, at, exception, now);
      out.exceptions += 1;
    };
    for (const record of records) {
      if (record.seq <= seq) continue;
      seq = record.seq;
      out.applied += 1;
      if (record.op === 'stock') {
        // Added up by package and written once, at the end of this transaction.
        const id = String(record.row.id);
        const sum = stock.get(id) ?? { onHand: 0, reserved: 0, seq, count: 0 };
        stock.set(id, {
          onHand: sum.onHand + (record.onHandDelta ?? 0),
          reserved: sum.reserved + (record.reservedDelta ?? 0),
          seq,
          count: sum.count + 1,
        });
        reservedUp.set(id, (reservedUp.get(id) ?? 0) + Math.max(0, record.reservedDelta ?? 0));
        continue;
      }
      try {
        for (const exception of await applyRow(tx, this.db, scope, record, owners, out.orders, this.helpers)) {
          await raise(seq, exception);
        }
      } catch (error) {
        if (!(error instanceof NotApplied)) throw error;
        out.applied -= 1;
        await raise(seq, { kind: 'not_applied', detail: error.message, record });
      }
    }
    // Units the register held here for these sales are reserved already: not reserved twice.
    for (const [id, up] of reservedUp) {
      if (up > 0) stock.get(id)!.reserved -= await this.holds.consume(tx, scope.registerId, id, up);
    }
    for (const { seq: at, exception, refused } of await applyStockChanges(tx, this.db, scope, stock)) {
      out.applied -= refused;
      await raise(at, exception);
    }
    await this.moveTo(tx, scope, queueId, seq);
    out.forwardedSeq = seq;
    return out;
  }

  private async passOver(
    tx: Queryable,
    scope: ForwardScope,
    queueId: string,
    record: ForwardRecord,
    detail: string,
  ): Promise<ForwardOutcome> {
    const out = empty();
    const seq = await this.watermark(tx, scope, queueId);
    if (record.seq <= seq) return { ...out, forwardedSeq: seq };
    await this.exceptions.add(tx, scope, record.seq, { kind: 'not_applied', detail, record }, this.now().toISOString());
    await this.moveTo(tx, scope, queueId, record.seq);
    return { ...out, forwardedSeq: record.seq, exceptions: 1 };
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
