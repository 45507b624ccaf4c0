import { pageNewestFirst } from '../db/newest-first.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import type { CashShiftsTable } from '../db/schema.js';

/** A shift as stored; JSON columns still text. */
export type ShiftRow = CashShiftsTable;

/** What the store's shift list is filtered by; `after` is the last shift of the previous page. */
export interface ShiftQuery {
  dispensaryId: string;
  /** Opened in [from, to) (ISO instants): a store day. */
  openedFrom?: string;
  openedBefore?: string;
  terminalId?: string;
  openedById?: string;
  status?: 'open' | 'closed';
  after?: { openedAt: string; id: string };
  limit: number;
}

const selectShifts = (k: Builder) => k.selectFrom('cash_shifts').selectAll();

/**
 * Shifts of registers' drawers and the gapless Z counter. At most one open shift per register (a
 * partial unique index); the close is one conditional update of an open shift, in the transaction
 * that takes its Z number.
 */
export class ShiftsRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: ShiftRow) =>
        k.insertInto('cash_shifts').values({
          id: p.id,
          organization_id: p.organization_id,
          dispensary_id: p.dispensary_id,
          terminal_id: p.terminal_id,
          status: p.status,
          blind: p.blind,
          opened_by_id: p.opened_by_id,
          opened_by_name: p.opened_by_name,
          opened_at: p.opened_at,
          float_cents: p.float_cents,
          float_count: p.float_count,
          closed_by_id: p.closed_by_id,
          closed_by_name: p.closed_by_name,
          closed_at: p.closed_at,
          counted_cents: p.counted_cents,
          counted_count: p.counted_count,
          expected_cents: p.expected_cents,
          over_short_cents: p.over_short_cents,
          z_number: p.z_number,
          z_flows: p.z_flows,
          z_sales: p.z_sales,
          counted_by_id: p.counted_by_id,
          counted_by_name: p.counted_by_name,
          counted_at: p.counted_at,
        }),
      ),
      open: db.prepare((k, p: { dispensaryId: string; terminalId: string }) =>
        selectShifts(k)
          .where('dispensary_id', '=', p.dispensaryId)
          .where('terminal_id', '=', p.terminalId)
          .where('status', '=', 'open'),
      ),
      openLocked: db.prepare((k, p: { dispensaryId: string; terminalId: string }) =>
        db.dialect.forNoKeyUpdate(
          selectShifts(k)
            .where('dispensary_id', '=', p.dispensaryId)
            .where('terminal_id', '=', p.terminalId)
            .where('status', '=', 'open'),
        ),
      ),
      byId: db.prepare((k, p: { id: string }) => selectShifts(k).where('id', '=', p.id)),
      byIdLocked: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(selectShifts(k).where('id', '=', p.id)),
      ),
      byZ: db.prepare((k, p: { dispensaryId: string; terminalId: string; zNumber: number }) =>
        selectShifts(k)
          .where('dispensary_id', '=', p.dispensaryId)
          .where('terminal_id', '=', p.terminalId)
          .where('z_number', '=', p.zNumber),
      ),
      terminals: db.prepare((k, p: { dispensaryId: string }) =>
        k
          .selectFrom('cash_shifts')
          .select('terminal_id')
          .distinct()
          .where('dispensary_id', '=', p.dispensaryId)
          .orderBy('terminal_id'),
      ),
      close: db.prepare((k, p: ShiftRow) =>
        k
          .updateTable('cash_shifts')
          .set({
            status: 'closed',
            closed_by_id: p.closed_by_id,
            closed_by_name: p.closed_by_name,
            closed_at: p.closed_at,
            counted_cents: p.counted_cents,
            counted_count: p.counted_count,
            expected_cents: p.expected_cents,
            over_short_cents: p.over_short_cents,
            z_number: p.z_number,
            z_flows: p.z_flows,
            z_sales: p.z_sales,
          })
          .where('id', '=', p.id)
          .where('status', '=', 'open'),
      ),
      countLate: db.prepare((k, p: ShiftRow) =>
        k
          .updateTable('cash_shifts')
          .set({
            closed_by_name: p.closed_by_name,
            counted_cents: p.counted_cents,
            counted_count: p.counted_count,
            over_short_cents: p.over_short_cents,
            counted_by_id: p.counted_by_id,
            counted_by_name: p.counted_by_name,
            counted_at: p.counted_at,
          })
          .where('id', '=', p.id)
          .where('status', '=', 'closed')
          .where('z_number', 'is', null)
          .where('counted_cents', 'is', null),
      ),
      nextZ: db.prepare((k, p: { dispensaryId: string; terminalId: string }) =>
        k
          .insertInto('cash_z_counters')
          .values({ dispensary_id: p.dispensaryId, terminal_id: p.terminalId, last: 1 })
          .onConflict((c) =>
            c
              .columns(['dispensary_id', 'terminal_id'])
              .doUpdateSet((eb) => ({ last: eb('cash_z_counters.last', '+', 1) })),
          )
          .returning('last'),
      ),
    };
  }

  /** Opens a shift; CONFLICT when the register already has one open (whichever instance opened it). */
  async insert(tx: Queryable, shift: ShiftRow): Promise<void> {
    try {
      await tx.run(this.q.insert, shift);
    } catch (error) {
      if (this.db.dialect.isUniqueViolation(error)) throw alreadyOpen(shift.terminal_id);
      throw error;
    }
  }

  /** The register's open shift, if any. */
  open(q: Queryable, dispensaryId: string, terminalId: string): Promise<ShiftRow | undefined> {
    return q.first(this.q.open, { dispensaryId, terminalId });
  }

  /** The register's open shift, locked until the write transaction ends (the close). */
  lockOpen(tx: Queryable, dispensaryId: string, terminalId: string): Promise<ShiftRow | undefined> {
    return tx.first(this.q.openLocked, { dispensaryId, terminalId });
  }

  find(q: Queryable, id: string): Promise<ShiftRow | undefined> {
    return q.first(this.q.byId, { id });
  }

  /** The shift `id`, locked until the write transaction ends (a count after its close). */
  lock(tx: Queryable, id: string): Promise<ShiftRow | undefined> {
    return tx.first(this.q.byIdLocked, { id });
  }

  /** The register's closed shift numbered `zNumber` (its Z report's number), if any. */
  numbered(q: Queryable, dispensaryId: string, terminalId: string, zNumber: number): Promise<ShiftRow | undefined> {
    return q.first(this.q.byZ, { dispensaryId, terminalId, zNumber });
  }

  /** The store's registers that have opened a drawer, by terminal id. */
  async terminals(q: Queryable, dispensaryId: string): Promise<string[]> {
    return (await q.all(this.q.terminals, { dispensaryId })).map((row) => row.terminal_id);
  }

  /** Writes the close of `shift` (its closing columns) if it is still open; false when it was not. */
  async close(tx: Queryable, shift: ShiftRow): Promise<boolean> {
    return (await tx.run(this.q.close, shift)) === 1;
  }

  /**
   * Writes the count of `shift`, closed as replaced, made after its close (./shift-rows.ts
   * `countedLate`) if it is still not counted; false when it was.
   */
  async countLate(tx: Queryable, shift: ShiftRow): Promise<boolean> {
    return (await tx.run(this.q.countLate, shift)) === 1;
  }

  /** The store's shifts, newest opened first, keyset paged on (opened_at, id). */
  list(q: Queryable, query: ShiftQuery): Promise<ShiftRow[]> {
    let select = selectShifts(this.db.builder).where('dispensary_id', '=', query.dispensaryId);
    if (query.openedFrom) select = select.where('opened_at', '>=', query.openedFrom);
    if (query.openedBefore) select = select.where('opened_at', '<', query.openedBefore);
    if (query.terminalId) select = select.where('terminal_id', '=', query.terminalId);
    if (query.openedById) select = select.where('opened_by_id', '=', query.openedById);
    if (query.status) select = select.where('status', '=', query.status);
    const after = query.after && { at: query.after.openedAt, id: query.after.id };
    return q.all(pageNewestFirst(select, { time: 'opened_at', id: 'id' }, after, query.limit));
  }

  /** The register's next Z number, gapless: taken in the close's transaction, locked until commit. */
  async nextZ(tx: Queryable, dispensaryId: string, terminalId: string): Promise<number> {
    return Number((await tx.first(this.q.nextZ, { dispensaryId, terminalId }))!.last);
  }
}

export function alreadyOpen(terminalId: string): ServicePayError {
  return new ServicePayError(
    'CONFLICT',
    `register ${terminalId} already has an open drawer: close it before opening another`,
  );
}
