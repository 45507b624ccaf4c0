import { notAppliedWords } from './not-applied-words.js';
import type { ForwardRecord, ForwardRequest } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { ForwardExceptions, type ForwardScope, type NewException } from './forward-exceptions.js';
import type { ChangeEvents } from '../payments/store/payment-changes.js';
import { ForwardCustomers } from './forward-customers.js';
import { ForwardEvents } from './forward-events.js';
import { checkRowNumbers } from './forward-row-numbers.js';
import { applyRow, NotApplied, type ForwardWritten } from './forward-rows.js';
import { checkOrder, ForwardMarks, type ForwardMarksIn } from './forward-sequence.js';
import { applyStockChanges, type StockChange } from './forward-stock.js';
import { StockHolds } from './stock-holds.js';
import { AllowanceHolds } from '../customers/allowance-holds.js';
import { OrderLoans } from '../tickets/order-loans.js';
import { ForwardDealUses } from './forward-deal-uses.js';
import { ForwardShifts } from './forward-shifts.js';

/** What one forward call did, and the orders and payments it wrote (for the live channel). */
export interface ForwardOutcome extends ForwardWritten {
  forwardedSeq: number;
  applied: number;
  exceptions: number;
}

/** The order a change of an order's row or of a line is about ('' for a line's delete: its key alone). */
const orderOf = (record: ForwardRecord) =>
  String((record.table === 'orders' ? record.row.id : record.row.order_id) ?? '');

const empty = (): ForwardOutcome => ({
  forwardedSeq: 0,
  applied: 0,
  exceptions: 0,
  orders: new Map(),
  payments: new Set(),
});

/**
 * Applies an attached register's changes on its store server, each exactly once: the register's
 * row is locked, changes at or below its mark are passed over (a retry after a crash of either
 * side; ForwardMarks says where the mark stands), and the rest are applied in order in the same
 * transaction that moves it. A change the server refuses (another store's row, a table it does not
 * take) is written down as an exception and passed over; the queue never stops behind it.
 */
export class ForwardApplier {
  private readonly exceptions: ForwardExceptions;
  private readonly helpers: { events: ForwardEvents; customers: ForwardCustomers };
  private readonly holds: StockHolds;
  private readonly allowances: AllowanceHolds;
  private readonly marks: ForwardMarks;
  private readonly loans: OrderLoans;
  private readonly uses: ForwardDealUses;
  private readonly shifts: ForwardShifts;

  constructor(
    private readonly db: DataLayer,
    private readonly now: () => Date,
    events: ChangeEvents,
  ) {
    this.exceptions = new ForwardExceptions(db);
    this.marks = new ForwardMarks(db);
    this.helpers = { events: new ForwardEvents(db, events), customers: new ForwardCustomers(db) };
    this.holds = new StockHolds(db);
    this.allowances = new AllowanceHolds(db);
    this.loans = new OrderLoans(db);
    this.uses = new ForwardDealUses(db, now);
    this.shifts = new ForwardShifts(db, now);
  }

  /**
   * Applies the changes of one forward of the register's queue `queueId`, which follow `after`
   * (checkOrder), their rows' numbers within their columns' ranges (checkRowNumbers).
   */
  async apply(scope: ForwardScope, request: ForwardRequest): Promise<ForwardOutcome> {
    const { queueId, after, records, keptFrom } = request;
    checkOrder(after, records, keptFrom);
    checkRowNumbers(records);
    const marks = { after, keptFrom };
    try {
      return await this.db.write((tx) => this.applyAll(tx, scope, queueId, marks, records));
    } catch {
      // A change the database refuses (a constraint, a column it does not have) failed the whole
      // batch: the changes go one at a time, and one that fails alone is written down instead.
      const total = empty();
      for (const record of records) {
        let one: ForwardOutcome;
        try {
          one = await this.db.write((tx) => this.applyAll(tx, scope, queueId, marks, [record]));
        } catch (error) {
          const detail = notAppliedWords(scope.name, record, error as Error);
          one = await this.db.write((tx) => this.passOver(tx, scope, queueId, marks, record, detail));
        }
        total.forwardedSeq = Math.max(total.forwardedSeq, one.forwardedSeq);
        total.applied += one.applied;
        total.exceptions += one.exceptions;
        for (const [id, order] of one.orders) total.orders.set(id, order);
        for (const id of one.payments) total.payments.add(id);
      }
      return total;
    }
  }

  /** Writes an exception down for the store, at the change `at`, and counts it in `out`. */
  private raiser(tx: Queryable, scope: ForwardScope, out: ForwardOutcome) {
    const now = this.now().toISOString();
    return async (at: number, exception: NewException) => {
      await this.exceptions.add(tx, scope, at, exception, now);
      out.exceptions += 1;
    };
  }

  private async applyAll(
    tx: Queryable,
    scope: ForwardScope,
    queueId: string,
    marks: ForwardMarksIn,
    records: readonly ForwardRecord[],
  ): Promise<ForwardOutcome> {
    const out = empty();
    const owners = new Map<string, string | null>();
    const stock = new Map<string, StockChange>();
    /** Units each package's changes reserved (not counting what they gave back): what holds may cover. */
    const reservedUp = new Map<string, number>();
    /** Orders whose lines came: the allowance held for them is counted by their lines now. */
    const lined = new Set<string>();
    /** Orders whose row or lines came: the deals they used are counted again (README "Deals"). */
    const touched = new Set<string>();
    /** Drawer shifts that payments, refunds or movements came for. */
    const shifts = new Set<string>();
    const raise = this.raiser(tx, scope, out);
    const start = await this.marks.start(tx, scope, queueId, marks, raise);
    if (start.resend) return this.askAgain(tx, scope, queueId, start.seq, out);
    let seq = start.seq;
    for (const record of records) {
      if (record.seq <= seq) continue;
      seq = record.seq;
      out.applied += 1;
      if (record.table === 'order_items' && record.op !== 'delete') lined.add(String(record.row.order_id));
      if (record.table === 'orders' || record.table === 'order_items') touched.add(orderOf(record));
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
        // A drawer shift of a machine replaced under the same name: recorded, the earlier one closed.
        const change = await this.shifts.before(tx, scope, record, shifts);
        for (const exception of change.raised) await raise(seq, exception);
        for (const exception of await applyRow(tx, this.db, scope, change.record, owners, out, this.helpers)) {
          await raise(seq, exception);
        }
      } catch (error) {
        if (!(error instanceof NotApplied)) throw error;
        out.applied -= 1;
        await raise(seq, { kind: 'not_applied', detail: error.message, record });
      }
    }
    for (const exception of await this.shifts.after(tx, scope, shifts)) await raise(seq, exception);
    await this.allowances.arrived(tx, scope.registerId, [...lined]);
    // Their uses of deals counted once (the register's holds of them given back), a use past a limit listed.
    const orderIds = [...touched].filter((id) => id !== '');
    await this.uses.arrived(tx, scope, orderIds, (exception) => raise(seq, exception));
    // An order lent to the register: paid there, it stays lent until handed over; handed over, the loan ends.
    await this.loans.forwarded(tx, scope.registerId, out.orders);
    // Units the register held here for these sales are reserved already: not reserved twice.
    for (const [id, up] of reservedUp) {
      if (up > 0) stock.get(id)!.reserved -= await this.holds.consume(tx, scope.registerId, id, up);
    }
    // A package the batch left short names the batch's own orders that hold it.
    const written = new Set(out.orders.keys());
    for (const { seq: at, exception, refused } of await applyStockChanges(tx, this.db, scope, stock, written)) {
      out.applied -= refused;
      await raise(at, exception);
    }
    await this.marks.moveTo(tx, scope, queueId, seq, marks.after);
    out.forwardedSeq = seq;
    return out;
  }

  /**
   * Applies nothing and answers the mark `seq` this server has: the register sends the changes
   * after it again (this server restored from a backup lacks them). The next forward's `after` is
   * that mark, so it is not taken for a register that went back.
   */
  private async askAgain(
    tx: Queryable,
    scope: ForwardScope,
    queueId: string,
    seq: number,
    out: ForwardOutcome,
  ): Promise<ForwardOutcome> {
    await this.marks.moveTo(tx, scope, queueId, seq, seq);
    out.forwardedSeq = seq;
    return out;
  }

  private async passOver(
    tx: Queryable,
    scope: ForwardScope,
    queueId: string,
    marks: ForwardMarksIn,
    record: ForwardRecord,
    detail: string,
  ): Promise<ForwardOutcome> {
    const out = empty();
    const raise = this.raiser(tx, scope, out);
    const start = await this.marks.start(tx, scope, queueId, marks, raise);
    if (start.resend) return this.askAgain(tx, scope, queueId, start.seq, out);
    let seq = start.seq;
    if (record.seq > seq) {
      await raise(record.seq, { kind: 'not_applied', detail, record });
      seq = record.seq;
    }
    await this.marks.moveTo(tx, scope, queueId, seq, marks.after);
    return { ...out, forwardedSeq: seq };
  }
}
