import type { PrintRequest } from '../../../shared/contracts/printers.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { DrawerActor } from './drawer-access.js';
import { ShiftsRepository } from './shifts-repository.js';

/** The drawer kick a print may carry: `claimed` when it is sent (and kept unless given back). */
export interface DrawerKick {
  claimed: boolean;
  shiftId: string;
  orderId: string;
}

/** What a print is, as far as the drawer is concerned. */
export type PrintKind = Pick<PrintRequest, 'receipt' | 'report' | 'test'>;

const NO_SALE = 'use No sale';

function refused(words: string): ServicePayError {
  return new ServicePayError('FORBIDDEN', words, { field: 'openDrawer' });
}

/**
 * When a print may open a register's cash drawer (README "Receipt printers"): only with the receipt
 * of a sale that moved cash through that drawer in its open shift (cash taken, change given, or a
 * cashless ATM round-up's cash back), and only the first time that receipt reaches the printer.
 * A test page, a report or a reprint never opens it, not even a reprint of this shift's cash sale:
 * the drawer opens on the cash sale itself. Opening it for any other reason is a no-sale, recorded
 * under the store's cash policy (`CashDrawers.movement`).
 */
export class DrawerKicks {
  private readonly shifts: ShiftsRepository;
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.shifts = new ShiftsRepository(db);
    this.q = {
      order: db.prepare((k, p: { dispensaryId: string; orderId: string }) =>
        k
          .selectFrom('orders')
          .select('order_number as orderNumber')
          .where('dispensary_id', '=', p.dispensaryId)
          .where('id', '=', p.orderId),
      ),
      cashMoved: db.prepare((k, p: { shiftId: string; orderId: string }) =>
        k
          .selectFrom('payments')
          .select('id')
          .where('shift_id', '=', p.shiftId)
          .where('order_id', '=', p.orderId)
          .where('status', '=', 'approved')
          .where((eb) =>
            eb.or([eb('entry', '=', 'cash'), eb.and([eb('method', '=', 'ATM'), eb('cashback_cents', '>', 0)])]),
          )
          .limit(1),
      ),
      claim: db.prepare((k, p: { shiftId: string; orderId: string; at: string; by: string }) =>
        k
          .insertInto('cash_drawer_kicks')
          .values({ shift_id: p.shiftId, order_id: p.orderId, kicked_at: p.at, kicked_by_id: p.by })
          .onConflict((c) => c.columns(['shift_id', 'order_id']).doNothing()),
      ),
      release: db.prepare((k, p: { shiftId: string; orderId: string }) =>
        k.deleteFrom('cash_drawer_kicks').where('shift_id', '=', p.shiftId).where('order_id', '=', p.orderId),
      ),
    };
  }

  /**
   * The kick `print` may carry at register `terminalId`, or a refusal in words. `wired`: the
   * register's printer opens the drawer; else the print is allowed but nothing is claimed.
   */
  async forPrint(
    dispensary: Dispensary,
    terminalId: string,
    print: PrintKind,
    actor: DrawerActor | undefined,
    wired: boolean,
    at: Date,
  ): Promise<DrawerKick> {
    if (print.test) throw refused(`A test print does not open the drawer: ${NO_SALE}`);
    if (print.report) throw refused(`A report does not open the drawer: ${NO_SALE}`);
    if (!print.receipt || !actor) throw refused(`Only a cash sale's receipt opens the drawer: ${NO_SALE}`);
    if (print.receipt.reprint) throw refused(`A reprint does not open the drawer, not even of a cash sale: ${NO_SALE}`);
    const { orderId } = print.receipt;
    const order = await this.db.first(this.q.order, { dispensaryId: dispensary.id, orderId });
    if (!order) throw new ServicePayError('NOT_FOUND', `no order ${orderId} at this dispensary`);
    return this.db.write(async (tx) => {
      // Locked: the shift cannot close between what it took and the claim.
      const shift = await this.shifts.lockOpen(tx, dispensary.id, terminalId);
      if (!shift) {
        throw refused(
          `Register ${terminalId}'s drawer is not open: a receipt opens it only for a cash sale of the open shift`,
        );
      }
      if (!(await tx.first(this.q.cashMoved, { shiftId: shift.id, orderId }))) {
        throw refused(
          `Order ${order.orderNumber} took no cash and gave none back at register ${terminalId} in this shift: ` +
            `its receipt does not open the drawer; ${NO_SALE}`,
        );
      }
      const kick = { claimed: wired, shiftId: shift.id, orderId };
      if (!wired) return kick;
      const claim = { shiftId: shift.id, orderId, at: at.toISOString(), by: actor.id };
      if ((await tx.run(this.q.claim, claim)) === 0) {
        throw refused(`The drawer already opened for order ${order.orderNumber}: to open it again, ${NO_SALE}`);
      }
      return kick;
    });
  }

  /** Gives a claimed kick back: the printer did not take it, so the drawer did not open. */
  async release(kick: DrawerKick): Promise<void> {
    if (!kick.claimed) return;
    await this.db.write((tx) => tx.run(this.q.release, { shiftId: kick.shiftId, orderId: kick.orderId }));
  }
}
