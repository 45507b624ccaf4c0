import { statusOf, type OrderPaymentStatus } from '../../../shared/order-status.js';
import { InventoryRepository } from '../catalog/inventory-repository.js';
import { inLockOrder } from '../catalog/stock-reservations.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { OrderRecord } from './order-records.js';
import type { OrdersRepository } from './orders-repository.js';

/**
 * A sale rung up at a register (`source: 'register'`) is handed over across the counter the moment
 * it is paid in full (README "Selling at the register"): in the write that makes it paid, it moves on
 * to COMPLETED and its units leave the shelf. The state's rules were checked when it was rung up, a
 * minute before, with the customer's row locked, and its lines count in the customer's purchases
 * from then on; nothing is asked again. A void that leaves it no longer paid reopens it: its units
 * come back and are held for it again, to be paid anew or canceled. A refund is a return, and keeps
 * it handed over (what comes back goes on the shelf only through an adjustment).
 */
export class CounterSales {
  private readonly inventory: InventoryRepository;

  constructor(
    db: DataLayer,
    private readonly orders: OrdersRepository,
  ) {
    this.inventory = new InventoryRepository(db);
  }

  /** Hands a counter sale just paid over, in the caller's write (its row locked); false for any other order. */
  async handOver(tx: Queryable, order: OrderRecord, actor: string, at: string): Promise<boolean> {
    if (order.source !== 'register' || order.status !== 'PAID') return false;
    const to = { status: 'COMPLETED', paymentStatus: 'PAID' } as const;
    if (!(await this.orders.move(tx, order.id, order, to, actor, at))) return false;
    for (const item of inLockOrder(await this.lines(tx, order))) {
      await this.inventory.consume(tx, item.packageId, item.quantityMilli);
    }
    return true;
  }

  /**
   * Reopens a counter sale handed over whose payments, after a void, are now `paid` (no longer
   * PAID): it awaits payment again, its units back and held for it. False for any other order.
   */
  async reopen(
    tx: Queryable,
    order: OrderRecord,
    paid: OrderPaymentStatus,
    actor: string,
    at: string,
  ): Promise<boolean> {
    if (order.source !== 'register' || order.status !== 'COMPLETED' || paid === 'PAID') return false;
    const to = { status: statusOf('AWAITING_PROCESSING', paid), paymentStatus: paid };
    if (!(await this.orders.move(tx, order.id, order, to, actor, at))) return false;
    for (const item of inLockOrder(await this.lines(tx, order))) {
      await this.inventory.restore(tx, item.packageId, item.quantityMilli);
    }
    return true;
  }

  private async lines(tx: Queryable, order: OrderRecord) {
    const full = await this.orders.findById(tx, order.dispensaryId, order.id);
    if (!full) throw new Error(`order ${order.orderNumber} is not in this database`);
    return full.items;
  }
}
