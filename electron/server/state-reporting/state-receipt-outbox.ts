import type { StateRecordLine } from '../../../shared/contracts/state-reporting.js';
import type { OrderPaymentStatus } from '../../../shared/order-status.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { DataLayer } from '../db/data-layer.js';
import { EpochCache } from '../db/epoch-cache.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { PaymentListener } from '../payments/store/payment-changes.js';
import type { LoadOrder, OrderChange, OrderEdit, OrderListener } from '../tickets/order-events.js';
import { saleLines, storeDateTime } from './receipt-lines.js';
import { StateReceiptsRepository, type StateRecord } from './receipts-repository.js';
import { ReportingStores } from './reporting-stores.js';
import { SaleReturns } from './sale-returns.js';

/** What a store's records need: its clock, and whether it records at all. */
interface StoreFacts {
  timeZone: string;
  /** A compliance profile is set, or state reporting is configured (on or off). */
  recording: boolean;
}

/** How an order that is sold is paid: its money is in, authorized or captured, at whatever stage. */
const SOLD: readonly OrderPaymentStatus[] = ['PAID', 'AUTHORIZED'];

/**
 * Writes state sales-receipt records in the transaction of the change that causes them (the
 * outbox), so none is lost by a crash and none is written for a change that rolled back:
 * - a sale when an order becomes PAID or AUTHORIZED (its payments cover it: the sale ends there);
 * - a void of that sale when the order stops being sold (a void or full refund reopens it, or an
 *   authorized order is canceled);
 * - a refund when money goes back on a sold order that stays sold: the sale's lines as the customer
 *   kept them (kept-lines.ts: packages a refund by items gave back lowered or left out, amounts
 *   lowered), or the sale's void when every package came back;
 * - a void of the sale and a new sale when a sold (authorized) order's lines are edited.
 * Only stores under a compliance profile or with state reporting configured write sales; a sale
 * once written always gets its void. It listens to orders' and payments' changes made here
 * (`orders`, `payments`: app.ts wires them in). The changes a register forwards are not recorded
 * again: the register wrote their records in its own transaction and forwards those rows too
 * (registers/forward-tables.ts, `state_receipts`), so each sale is recorded exactly once.
 */
export class StateReceiptOutbox {
  private readonly receipts: StateReceiptsRepository;
  private readonly stores: EpochCache<StoreFacts>;
  private readonly reporting: ReportingStores;
  private readonly returns: SaleReturns;
  private readonly q;

  /**
   * The orders' listener: a sale when an order is sold, its void when it stops being sold, and both
   * when a sold order's lines change.
   */
  readonly orders: OrderListener = {
    changed: (tx, change, load) => (change.origin === 'here' ? this.orderChanged(tx, change, load) : Promise.resolve()),
    edited: (tx, edit, load) => (edit.origin === 'here' ? this.orderEdited(tx, edit, load) : Promise.resolve()),
    listening: (_q, origin) => Promise.resolve(origin === 'here'),
  };

  /** The payments' listener: a refund of a sold order lowers its sale. */
  readonly payments: PaymentListener = {
    changed: async (tx, change, load) => {
      if (change.origin !== 'here' || change.to !== 'refund') return;
      await this.refunded(tx, { orderId: (await load())!.orderId, amount: change.refunded!, at: change.at });
    },
    listening: (_q, origin) => Promise.resolve(origin === 'here'),
  };

  /** `recorded`: told after a record was written (its transaction may not be committed yet). */
  constructor(
    db: DataLayer,
    private readonly recorded: () => void = () => undefined,
  ) {
    this.receipts = new StateReceiptsRepository(db);
    this.stores = new EpochCache(db);
    this.reporting = new ReportingStores(db);
    this.returns = new SaleReturns(db);
    this.q = {
      customer: db.prepare((k, p: { id: string }) =>
        k.selectFrom('customers').select(['customer_type as type', 'medical_number as medical']).where('id', '=', p.id),
      ),
    };
  }

  /**
   * An order changed at `at`; `load` reads it as it now is, in `tx`. It is sold when it becomes
   * paid or authorized (a sale at the register, an order paid online or at pickup), and no longer
   * sold when that money went back or it was canceled (a canceled order holds no money).
   */
  private async orderChanged(tx: Queryable, change: OrderChange, load: LoadOrder): Promise<void> {
    const { paymentFrom: from, paymentTo: to } = change;
    if (from === 'UNPAID' && SOLD.includes(to)) await this.sale(tx, change, load);
    else if (from !== null && SOLD.includes(from) && to === 'UNPAID') await this.reverse(tx, change.orderId, change.at);
  }

  /**
   * A sold order's lines changed (an AUTHORIZED order, edited before its capture): the sale recorded
   * with its old lines is voided and recorded again with the lines it now has. An order not sold
   * yet has no sale to correct: it is recorded as it is when it is sold.
   */
  private async orderEdited(tx: Queryable, edit: OrderEdit, load: LoadOrder): Promise<void> {
    if (!SOLD.includes(edit.paymentStatus)) return;
    const sale = await this.receipts.openSale(tx, edit.orderId);
    if (!sale) return;
    await this.write(tx, sale, { kind: 'void', lines: sale.lines, refund: 0, at: edit.at });
    await this.sale(tx, edit, load);
  }

  /**
   * `amount` cents of a payment of order `orderId` went back at `at` (the order may reopen after).
   * A refund by items has its lines written in `tx` before the payment's change is told
   * (payments/pay/payment-refunds.ts), so they are read here with the refunds before it.
   */
  private async refunded(tx: Queryable, change: { orderId: string | null; amount: number; at: string }): Promise<void> {
    if (change.orderId === null) return;
    const sale = await this.receipts.openSale(tx, change.orderId);
    if (!sale) return;
    const lines = await this.returns.kept(tx, sale, (await this.receipts.refundedOf(tx, sale.id)) + change.amount);
    // Every package came back: Metrc takes a whole return as the receipt's void, not an empty receipt.
    if (lines.length === 0) await this.write(tx, sale, { kind: 'void', lines: sale.lines, refund: 0, at: change.at });
    else await this.write(tx, sale, { kind: 'refund', lines, refund: change.amount, at: change.at });
  }

  private async sale(
    tx: Queryable,
    change: { dispensaryId: string; orderId: string; at: string },
    load: LoadOrder,
  ): Promise<void> {
    const store = await this.store(tx, change.dispensaryId);
    if (!store?.recording) return;
    const full = (await load())!;
    const lines = saleLines(full.items);
    if (lines.length === 0) return;
    const customer =
      full.order.customerId === null ? undefined : await tx.first(this.q.customer, { id: full.order.customerId });
    const medical = customer?.type === 'medical';
    await this.receipts.insert(tx, {
      ...pending(change.at),
      dispensary_id: change.dispensaryId,
      order_id: change.orderId,
      order_number: full.order.orderNumber,
      kind: 'sale',
      sale_id: null,
      sales_date_time: storeDateTime(change.at, store.timeZone),
      store_day: zonedDate(new Date(change.at), store.timeZone),
      customer_type: medical ? 'medical' : 'adult_use',
      patient_license: medical ? (customer?.medical ?? null) : null,
      lines: JSON.stringify(lines),
      total_cents: total(lines),
      refund_cents: 0,
    });
    this.recorded();
  }

  /** The order is no longer sold: its open sale (if one was recorded) gets its void. */
  private async reverse(tx: Queryable, orderId: string, at: string): Promise<void> {
    const sale = await this.receipts.openSale(tx, orderId);
    if (sale) await this.write(tx, sale, { kind: 'void', lines: sale.lines, refund: 0, at });
  }

  /** A void or refund of `sale`: the same receipt (date, customer), its lines as they now stand. */
  private async write(
    tx: Queryable,
    sale: StateRecord,
    record: { kind: 'void' | 'refund'; lines: StateRecordLine[]; refund: number; at: string },
  ): Promise<void> {
    const store = (await this.store(tx, sale.dispensaryId))!;
    await this.receipts.insert(tx, {
      ...pending(record.at),
      dispensary_id: sale.dispensaryId,
      order_id: sale.orderId,
      order_number: sale.orderNumber,
      kind: record.kind,
      sale_id: sale.id,
      sales_date_time: sale.salesDateTime,
      store_day: zonedDate(new Date(record.at), store.timeZone),
      customer_type: sale.customerType,
      patient_license: sale.patientLicenseNumber,
      lines: JSON.stringify(record.lines),
      total_cents: record.kind === 'void' ? 0 : total(record.lines),
      refund_cents: record.refund,
    });
    this.recorded();
  }

  private store(tx: Queryable, dispensaryId: string): Promise<StoreFacts | undefined> {
    return this.stores.get(dispensaryId, () => this.reporting.facts(tx, dispensaryId));
  }
}

const total = (lines: readonly StateRecordLine[]) => lines.reduce((sum, line) => sum + line.totalCents, 0);

let lastId = '';

/**
 * A time-ordered id that also grows within one millisecond in this process: a refund and the void
 * it causes are written in one transaction, at one time, and must be listed and sent in that order.
 */
function nextRecordId(): string {
  let id = timeOrderedUuid();
  if (id <= lastId)
    id = `${lastId.slice(0, 24)}${(BigInt(`0x${lastId.slice(24)}`) + 1n).toString(16).padStart(12, '0')}`;
  lastId = id;
  return id;
}

/** The queue fields of a new record: pending, due at once. */
const pending = (at: string) => ({
  id: nextRecordId(),
  status: 'pending',
  attempts: 0,
  next_attempt_at: at,
  last_attempt_at: null,
  last_status_code: null,
  last_result: null,
  state_receipt_id: null,
  sent_at: null,
  created_at: at,
});
