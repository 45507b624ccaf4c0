import type { LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import { pointsLines } from '../../../shared/loyalty/line-points.js';
import { pointsEarned, pointsForReward, tierOf } from '../../../shared/loyalty/points.js';
import type { SalePoints } from '../../../shared/contracts/refund-points.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { OrderEvents } from '../tickets/order-events.js';
import type { FullOrder, OrderRecord } from '../tickets/order-records.js';
import { OrdersRepository } from '../tickets/orders-repository.js';
import { LoyaltyLedger } from './loyalty-ledger.js';
import type { OrderPointsState } from './order-points.js';

/**
 * A sale's points as its refunds weigh them (shared/loyalty/refund-points.ts), read the one way for
 * the ledger's write of each change of the order (OrderLoyalty) and for a refund's preview (the
 * `refund-points` route), so what the POS says a return moves is what the ledger then writes.
 */
export class SalePointsReader {
  private readonly ledger: LoyaltyLedger;
  private readonly orders: OrdersRepository;

  constructor(db: DataLayer) {
    this.ledger = new LoyaltyLedger(db);
    this.orders = new OrdersRepository(db, OrderEvents.readOnly);
  }

  /**
   * The sale's points: its reward's points follow its reward dollars until it is paid, then they are
   * what it cost; what it earned is fixed once paid in full (counted here, with the tier the
   * customer's points reached before it, when it has none yet). Its lines are read when `full` is
   * given or a refund needs them.
   */
  async read(
    q: Queryable,
    programme: LoyaltyProgramme,
    order: OrderRecord,
    state: OrderPointsState,
    full?: FullOrder,
  ): Promise<SalePoints> {
    const paid = order.paymentStatus === 'PAID' && order.status !== 'CANCELED';
    const spent =
      programme.enabled && !paid ? pointsForReward(programme, -order.totals.payByPoints) : state.spentPoints;
    let earned = paid ? state.earnedPoints : null;
    let items = full?.items;
    if (paid && earned === null && programme.enabled) {
      items ??= (await this.full(q, order)).items;
      const lines = items.map((item) => ({
        type: item.type,
        amountCents: item.lineSubTotalCents + item.lineDiscountCents,
      }));
      const { lifetimePoints } = await this.ledger.balance(q, order.customerId!);
      earned = pointsEarned(programme, lines, -order.totals.payByPoints, tierOf(programme, lifetimePoints));
    }
    const { refunds, returnedMilli } = state.returned;
    if (earned !== null && refunds.length > 0) items ??= (await this.full(q, order)).items;
    return {
      earned,
      spent,
      chargedCents: state.chargedCents,
      refundedCents: state.refundedCents,
      refunds,
      lines: items ? pointsLines(items, returnedMilli) : [],
      excludedTypes: programme.excludedTypes,
    };
  }

  private async full(q: Queryable, order: OrderRecord): Promise<FullOrder> {
    const full = await this.orders.findById(q, order.dispensaryId, order.id);
    if (!full) throw new Error(`order ${order.orderNumber} is not in this database`);
    return full;
  }
}
