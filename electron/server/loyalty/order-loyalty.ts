import type { LoyaltyProgramme } from '../../../shared/contracts/loyalty.js';
import { invalidInput } from '../../../shared/errors.js';
import { pointsCount } from '../../../shared/loyalty/loyalty-words.js';
import { pointsForReward, shortBalanceWords, takenAll, type RewardAsked } from '../../../shared/loyalty/points.js';
import { expiredOfTaken, pointsKept } from '../../../shared/loyalty/refund-points.js';
import { CustomersRepository, unknownCustomer } from '../customers/customers-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { PaymentListener } from '../payments/store/payment-changes.js';
import { OrderEvents, type ChangeOrigin, type OrderListener } from '../tickets/order-events.js';
import { OrdersRepository } from '../tickets/orders-repository.js';
import type { FullOrder, OrderRecord } from '../tickets/order-records.js';
import type { SaleLoyalty, SaleSpend } from '../tickets/sale-loyalty.js';
import { LoyaltyLedger, type NewEntry, type OrderPoints } from './loyalty-ledger.js';
import { OrderPointsRows, type OrderPointsState } from './order-points.js';
import { PointsHolds } from './points-holds.js';
import { SalePointsReader } from './sale-points.js';
import { checkOfflineCap, NOT_ATTACHED, type RegisterPoints } from './register-spend.js';
import { StorePrograms } from './store-programmes.js';

/** Entries the service writes by itself (a payment's result, a refund) name it so. */
const AUTOMATIC = 'ServicePay';

/** What an order's entries should add up to now. */
interface Targets {
  earned: number;
  spent: number;
  earnedBase: number | null;
  spentBase: number;
}

/**
 * A sale's loyalty points (README "Loyalty"), kept in the ledger in the write of every change of the
 * sale: its reward dollars' points are spent as it is made (refused in words when the balance is
 * short), points are earned once it is paid in full, and what a refund returns of its money takes back
 * the same share of both; a cancel gives the spent points back and a void that leaves it unpaid takes
 * the earned ones. Each change brings the order's entries to what its state calls for, so telling it
 * twice writes nothing. Changes forwarded by an attached register carry the register's own entries.
 */
export class OrderLoyalty implements SaleLoyalty {
  private readonly ledger: LoyaltyLedger;
  private readonly rows: OrderPointsRows;
  private readonly customers: CustomersRepository;
  private readonly programmes: StorePrograms;
  private readonly orders: OrdersRepository;
  private readonly holds: PointsHolds;
  private readonly sales: SalePointsReader;

  /** Told of orders' changes (app.ts wires it): created elsewhere, moved, paid, no longer paid, edited. */
  readonly orderListener: OrderListener = {
    changed: async (tx, change, load) => {
      if (change.origin === 'here' && (await this.programmes.setUp(tx, change.dispensaryId))) {
        await this.settleLoaded(tx, load, change.at);
      }
    },
    edited: async (tx, edit, load) => {
      if (edit.origin === 'here' && (await this.programmes.setUp(tx, edit.dispensaryId))) {
        await this.settleLoaded(tx, load, edit.at);
      }
    },
    listening: (_q, origin) => Promise.resolve(origin === 'here'),
  };

  /** Told of payments' changes (app.ts wires it): a void or a refund moves its order's points with the money. */
  readonly paymentListener: PaymentListener = {
    changed: async (tx, change, load) => {
      if (change.origin !== 'here' || !['refund', 'refunded', 'voided'].includes(change.to)) return;
      const payment = await load();
      const { orderId, dispensaryId } = payment ?? {};
      if (!orderId || !dispensaryId || !(await this.programmes.setUp(tx, dispensaryId))) return;
      await this.settleLoaded(tx, () => this.orders.findById(tx, dispensaryId, orderId), change.at);
    },
    listening: (_q, origin: ChangeOrigin) => Promise.resolve(origin === 'here'),
  };

  constructor(
    private readonly db: DataLayer,
    /** On an attached register: its sales' points are held at its store server, else capped. */
    private readonly register: RegisterPoints = NOT_ATTACHED,
    /** The service's clock: which registers' holds of points still stand. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.ledger = new LoyaltyLedger(db);
    this.rows = new OrderPointsRows(db);
    this.customers = new CustomersRepository(db);
    this.programmes = new StorePrograms(db);
    this.orders = new OrdersRepository(db, OrderEvents.readOnly);
    this.holds = new PointsHolds(db);
    this.sales = new SalePointsReader(db);
  }

  spend(tx: Queryable, order: OrderRecord, actor: string, at: string, sale: SaleSpend = {}): Promise<void> {
    return this.settle(tx, order, actor, at, undefined, sale);
  }

  async check(
    q: Queryable,
    order: Pick<OrderRecord, 'dispensaryId' | 'customerId' | 'totals'>,
    askedCents?: number,
  ): Promise<number> {
    const reward = asked(order, askedCents);
    if (reward.takes <= 0) return 0;
    const programme = await this.programme(q, order.dispensaryId);
    if (!programme.enabled) return 0;
    const wanted = pointsForReward(programme, reward.takes);
    await this.covered(q, programme, order.dispensaryId, order.customerId, wanted, reward, { now: this.now() });
    return wanted;
  }

  private async settleLoaded(tx: Queryable, load: () => Promise<FullOrder | undefined>, at: string): Promise<void> {
    const full = await load();
    if (full?.order.customerId) await this.settle(tx, full.order, AUTOMATIC, at, full);
  }

  /**
   * Brings the order's entries to what its state calls for (see the class); `sale`: a new sale's
   * reward dollars asked, and what its store server holds of its points for an attached register.
   */
  private async settle(
    tx: Queryable,
    order: OrderRecord,
    actor: string,
    at: string,
    full?: FullOrder,
    sale: SaleSpend = {},
  ): Promise<void> {
    const { customerId } = order;
    const programme = await this.programme(tx, order.dispensaryId);
    const how = { locking: true, now: new Date(at) };
    if (customerId === null) {
      // Reward dollars with nobody to pay them: refused where the store runs a programme.
      if (programme.enabled && order.totals.payByPoints < 0) {
        await this.covered(tx, programme, order.dispensaryId, null, 0, asked(order, sale.askedCents), how);
      }
      return;
    }
    const state = await this.rows.read(tx, order.id);
    const now = await this.ledger.ofOrder(tx, order.id);
    const untouched = state.spentPoints === 0 && state.earnedPoints === null && now.earned === 0 && now.spent === 0;
    if (!programme.enabled && untouched) return;
    const targets = await this.targets(tx, programme, order, state, full);
    const spend = targets.spent - -now.spent;
    if (spend > 0) {
      const held = (sale.heldPoints ?? 0) >= spend;
      await this.covered(tx, programme, order.dispensaryId, customerId, spend, asked(order, sale.askedCents), {
        ...how,
        held,
      });
    }
    if (targets.spentBase !== state.spentPoints || targets.earnedBase !== state.earnedPoints) {
      await this.rows.write(tx, order.id, targets.spentBase, targets.earnedBase);
    }
    await this.write(tx, order, { actor, at, now, targets, refunded: state.refundedCents > 0 });
  }

  private async targets(
    q: Queryable,
    programme: LoyaltyProgramme,
    order: OrderRecord,
    state: OrderPointsState,
    full?: FullOrder,
  ): Promise<Targets> {
    const sale = await this.sales.read(q, programme, order, state, full);
    const kept = pointsKept(sale, order.status === 'CANCELED');
    return { ...kept, earnedBase: sale.earned, spentBase: sale.spent };
  }

  private async write(
    tx: Queryable,
    order: OrderRecord,
    move: { actor: string; at: string; now: OrderPoints; targets: Targets; refunded: boolean },
  ): Promise<void> {
    const { actor, at, now, targets, refunded } = move;
    const number = order.orderNumber;
    const undone =
      order.status === 'CANCELED' ? `Order ${number} canceled` : refunded ? `Order ${number} refunded` : null;
    const base = { dispensaryId: order.dispensaryId, customerId: order.customerId!, orderId: order.id, actor, at };
    const earn = targets.earned - now.earned;
    if (earn > 0) await this.ledger.add(tx, { ...base, kind: 'earned', points: earn, note: `Order ${number} paid` });
    if (earn < 0) {
      const note = undone ?? `Order ${number} no longer paid`;
      await this.ledger.add(tx, { ...base, kind: 'reversed', points: earn, note });
      await this.expiredAlready(tx, order, base, -earn);
    }
    const spend = targets.spent + now.spent;
    if (spend > 0) {
      const note = `Reward dollars on order ${number}`;
      await this.ledger.add(tx, { ...base, kind: 'spent', points: -spend, note });
    }
    if (spend < 0) {
      const note = undone ?? `Reward dollars on order ${number} lowered`;
      await this.ledger.add(tx, { ...base, kind: 'returned', points: -spend, note });
    }
  }

  /**
   * Points a refund takes back that had expired meanwhile are gone already: an `expired` entry gives
   * them back, so the refund does not take them twice (the balance stays what it was, never below
   * zero for them). Under the customer's lock, which the expiry takes too. Points spent meanwhile
   * are still taken back: the balance may owe them. The rule is the refund's preview's too
   * (shared/loyalty/refund-points.ts `expiredOfTaken`), so the POS says it before the return.
   */
  private async expiredAlready(
    tx: Queryable,
    order: OrderRecord,
    base: Omit<NewEntry, 'kind' | 'points' | 'note'>,
    taken: number,
  ): Promise<void> {
    await this.customers.lock(tx, order.dispensaryId, base.customerId);
    const expired = expiredOfTaken(taken, await this.ledger.expiredSinceEarned(tx, base.customerId, order.id));
    if (expired <= 0) return;
    const note = `${pointsCount(expired)} of order ${order.orderNumber} had expired already: not taken twice`;
    await this.ledger.add(tx, { ...base, kind: 'expired', points: expired, note });
  }

  /**
   * Refuses in words `wanted` points the customer's balance does not hold, less what registers hold
   * for their sales at a store server (`locking` their row in a write); on an attached register, over
   * the offline cap unless the sale's points were `held` at its server (null: a quote, as its sale).
   * The words name the reward dollars asked, and what the sale takes of them when fewer.
   */
  private async covered(
    q: Queryable,
    programme: LoyaltyProgramme,
    dispensaryId: string,
    customerId: string | null,
    wanted: number,
    reward: RewardAsked,
    how: { locking?: boolean; held?: boolean; now: Date },
  ): Promise<void> {
    const { locking = false, held = null, now } = how;
    if (customerId === null) {
      throw invalidInput(
        'rewardDollars',
        "are paid with a customer's loyalty points: name the customer whose points pay them",
      );
    }
    const customer = await (locking
      ? this.customers.lock(q, dispensaryId, customerId)
      : this.customers.find(q, dispensaryId, customerId));
    if (!customer) throw unknownCustomer(customerId);
    await checkOfflineCap(this.register, q, programme, reward, held);
    const points = await this.holds.available(q, customerId, now);
    if (points < wanted) {
      throw invalidInput('rewardDollars', shortBalanceWords(programme, customer.first_name, points, reward));
    }
  }

  private programme(q: Queryable, dispensaryId: string): Promise<LoyaltyProgramme> {
    return this.programmes.of(q, dispensaryId);
  }
}

/**
 * The order's reward dollars as asked (`askedCents`: a new sale's, typed or sent) and as it takes
 * them (capped at what it comes to); a change of an existing order asked for what it has.
 */
function asked(order: Pick<OrderRecord, 'totals'>, askedCents?: number): RewardAsked {
  const takes = -order.totals.payByPoints;
  return askedCents === undefined ? takenAll(takes) : { asked: Math.max(askedCents, takes), takes };
}
