import { sql } from 'kysely';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { shiftAtRegister } from './drawer-gate.js';
import { ShiftsRepository } from './shifts-repository.js';

/** The order whose sale is closing without a payment: its id and store. */
export interface SaleWithoutPayment {
  id: string;
  dispensaryId: string;
}

/**
 * The drawer shift of a sale paid without a payment (its total $0.00: reward dollars or discounts
 * cover it), which has none to carry its shift (README "Cash drawers"). Payments tell it in the
 * write that makes the order paid; the shift's X and Z reports count the sale (./shift-closings.ts).
 */
export class PaidWithoutPayment {
  private readonly shifts: ShiftsRepository;
  private readonly q;

  constructor(db: DataLayer) {
    this.shifts = new ShiftsRepository(db);
    this.q = {
      // The store's reports count such a sale when it was first paid (reports/sale-closings.ts).
      paidBefore: db.prepare((k, p: { orderId: string }) =>
        k
          .selectFrom('order_status_history')
          .select(sql<number>`1`.as('one'))
          .where('order_id', '=', p.orderId)
          .where('to_status', 'in', ['PAID', 'COMPLETED'])
          .limit(1),
      ),
      closedIn: db.prepare((k, p: { orderId: string; shiftId: string }) =>
        k.updateTable('orders').set({ closed_in_shift_id: p.shiftId }).where('id', '=', p.orderId),
      ),
    };
  }

  /**
   * True when the order was paid before (its status PAID or COMPLETED once): its sale closed then,
   * and a later payment without money is not another. Read before the write moves it.
   */
  async paidBefore(tx: Queryable, orderId: string): Promise<boolean> {
    return (await tx.first(this.q.paidBefore, { orderId })) !== undefined;
  }

  /**
   * Stamps the sale of `order`, paid now at register `terminalId`, with the shift open there: read
   * under the shift's row lock, as a payment's (./drawer-gate.ts), so the close that holds it first
   * leaves the sale out and one after counts it. None away from a register (online, the back
   * office) or where the drawer is not open: no shift counts it.
   */
  async closed(tx: Queryable, order: SaleWithoutPayment, terminalId: string | null): Promise<void> {
    const shiftId = await shiftAtRegister(this.shifts, tx, { dispensaryId: order.dispensaryId, terminalId }, null);
    if (shiftId !== null) await tx.run(this.q.closedIn, { orderId: order.id, shiftId });
  }
}
