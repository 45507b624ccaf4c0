import type { HoldAnswer, HoldRequest } from '../../../shared/contracts/register-holds.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { ServiceContext } from '../core/context.js';
import { AllowanceCheck } from '../customers/allowance-check.js';
import { AllowanceHolds, type AllowanceRequest, type CheckedAllowance } from '../customers/allowance-holds.js';
import type { Queryable } from '../db/query.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { PointsHolds, type CheckedPoints } from '../loyalty/points-holds.js';
import { DealUseHolds } from './deal-use-holds.js';
import { ForwardCustomers } from './forward-customers.js';
import type { RegisterIdentity } from './register-guard.js';
import { StockHolds } from './stock-holds.js';

type Body = Omit<HoldAnswer, 'resultCode' | 'resultReason'>;

/**
 * What the server holds for a register's sale before the register writes it, in one transaction
 * (README "Attaching registers"): the customer's allowance first (their row locked, as a ticket
 * locks it before its packages, so holds and tickets never wait on each other in a circle), and
 * the loyalty points its reward dollars spend under the same lock (PointsHolds), then the units, all
 * or none. A sale over the limits is refused and holds nothing; a sale whose units
 * are short holds nothing either, and the register asks again for what there is.
 */
export class SaleHolds {
  readonly stock: StockHolds;
  readonly allowances: AllowanceHolds;
  readonly points: PointsHolds;
  readonly dealUses: DealUseHolds;
  private readonly limits: AllowanceCheck;
  private readonly stores: DispensaryRepository;
  private readonly customers: ForwardCustomers;

  constructor(private readonly ctx: Pick<ServiceContext, 'db' | 'profiles' | 'config'>) {
    this.stock = new StockHolds(ctx.db);
    this.allowances = new AllowanceHolds(ctx.db);
    this.points = new PointsHolds(ctx.db);
    this.dealUses = new DealUseHolds(ctx.db);
    this.limits = new AllowanceCheck(ctx.db, ctx.profiles);
    this.stores = new DispensaryRepository(ctx.db);
    this.customers = new ForwardCustomers(ctx.db);
  }

  async hold(tx: Queryable, register: RegisterIdentity, request: HoldRequest, now: Date): Promise<Body> {
    const { holdId, reservations, allowance } = request;
    let asked: AllowanceRequest | null = null;
    let checked: CheckedAllowance | null = null;
    if (allowance) {
      const store = await this.stores.findById(register.dispensaryId, tx);
      if (!store) throw new ServicePayError('NOT_FOUND', `the store of ${register.name} is not known here`);
      const customerId = (await this.customers.resolve(tx, allowance.customerId))!;
      asked = { holdId, registerId: register.registerId, customerId, lines: allowance.lines };
      checked = await this.limits.check(tx, store, asked, now);
    }
    // The customer's points next, under the same row lock, before the units (README "Loyalty").
    const points = await this.pointsOf(tx, register, request, now);
    // The deals' uses under their rows' locks, as a ticket counts them before its packages (README "Deals").
    const { deals } = request;
    const dealUses = deals
      ? await this.dealUses.check(tx, register.dispensaryId, deals, now, { holdId, locking: true })
      : null;
    const outcome = await this.stock.hold(tx, register, holdId, reservations, now, this.ctx.config.holdExpiryMs);
    if (!outcome.held) return outcome;
    if (asked && checked) await this.allowances.keep(tx, register.dispensaryId, asked, checked, now, outcome.expiresAt);
    if (points) await this.points.keep(tx, points, now, outcome.expiresAt);
    if (dealUses) await this.dealUses.keep(tx, register, holdId, dealUses, now, outcome.expiresAt);
    const held = points ? { ...outcome, pointsHeld: points.points } : outcome;
    if (dealUses) Object.assign(held, { deals: dealUses.left });
    return checked ? { ...held, purchases: checked.there } : held;
  }

  /** Gives back what a hold holds (its sale was not written): the packages whose units went back. */
  async release(tx: Queryable, registerId: string, holdId: string): Promise<string[]> {
    const packages = await this.stock.release(tx, registerId, holdId);
    await this.allowances.release(tx, registerId, holdId);
    await this.points.release(tx, registerId, holdId);
    await this.dealUses.release(tx, registerId, holdId);
    return packages;
  }

  /** Whether a hold's time is up (read outside a write, so an idle server writes nothing). */
  async anyExpired(q: Queryable, now: Date): Promise<boolean> {
    if (await this.dealUses.anyExpired(q, now)) return true;
    return (
      (await this.stock.anyExpired(q, now)) ||
      (await this.allowances.anyExpired(q, now)) ||
      (await this.points.anyExpired(q, now))
    );
  }

  /**
   * Gives back holds whose sale did not come in time (a batch of units at a time): the packages whose
   * units went back, by store.
   */
  async expire(tx: Queryable, now: Date): Promise<Map<string, string[]>> {
    await this.dealUses.expire(tx, now);
    const given = await this.stock.expire(tx, now);
    await this.allowances.expire(tx, now);
    await this.points.expire(tx, now);
    const byStore = new Map<string, string[]>();
    for (const { dispensaryId, packageId } of given) {
      byStore.set(dispensaryId, [...(byStore.get(dispensaryId) ?? []), packageId]);
    }
    return byStore;
  }

  /** The sale's points checked at the server (refused in words when short); null: none asked, or a customer it does not know. */
  private async pointsOf(
    tx: Queryable,
    register: RegisterIdentity,
    request: HoldRequest,
    now: Date,
  ): Promise<CheckedPoints | null> {
    if (!request.points) return null;
    const customerId = (await this.customers.resolve(tx, request.points.customerId))!;
    const { registerId, dispensaryId } = register;
    const { holdId, points } = request;
    const { rewardCents, askedCents } = points;
    return this.points.check(tx, { holdId, registerId, dispensaryId, customerId, rewardCents, askedCents }, now);
  }
}
