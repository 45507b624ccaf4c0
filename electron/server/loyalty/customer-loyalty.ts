import {
  ADJUSTMENT_POINTS_MAX,
  ADJUSTMENT_REASON_MAX,
  type CustomerLoyalty,
  type LoyaltyAdjustment,
  type LoyaltyEntriesQuery,
} from '../../../shared/contracts/loyalty.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { expiryDate } from '../../../shared/loyalty/expiry.js';
import { pointsCount } from '../../../shared/loyalty/loyalty-words.js';
import { nextTierOf, rewardCentsOf, tierOf } from '../../../shared/loyalty/points.js';
import { CustomersRepository } from '../customers/customers-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import { StoreAccess } from '../dispensaries/store-access.js';
import { LedgerPages } from './ledger-pages.js';
import { LoyaltyLedger } from './loyalty-ledger.js';

/**
 * A customer's points at a store (README "Loyalty"): read by whoever sells (`customer:read`: the
 * POS shows the balance and tier), and changed by hand by a manager (`store:manage`), with a reason
 * the ledger and the audit trail keep. A balance never goes below zero by hand.
 */
export class CustomerPoints {
  private readonly access: StoreAccess;
  private readonly ledger: LoyaltyLedger;
  private readonly pages: LedgerPages;
  private readonly customers: CustomersRepository;

  constructor(
    private readonly db: DataLayer,
    now: () => Date,
  ) {
    this.access = new StoreAccess(db, now);
    this.ledger = new LoyaltyLedger(db);
    this.pages = new LedgerPages(db);
    this.customers = new CustomersRepository(db);
  }

  /** `store`: found and checked by the caller (the route's scope, the operator's command). */
  async view(store: Dispensary, customerId: string, query: LoyaltyEntriesQuery = {}): Promise<CustomerLoyalty> {
    await this.customer(this.db, store, customerId);
    return this.of(this.db, store, customerId, query);
  }

  async adjust(
    actor: SetupActor,
    shortName: string,
    customerId: string,
    change: LoyaltyAdjustment,
  ): Promise<CustomerLoyalty> {
    const store = await this.access.store(actor, shortName);
    const reason = change.reason.trim();
    if (change.points === 0) throw invalidInput('points', 'must add or take off at least one point');
    // The API's schema says the same; the command line reaches here without it.
    if (!Number.isInteger(change.points) || Math.abs(change.points) > ADJUSTMENT_POINTS_MAX) {
      const most = ADJUSTMENT_POINTS_MAX.toLocaleString('en-US');
      throw invalidInput('points', `must add or take off at most ${most} points at once, not ${change.points}`);
    }
    if (reason === '') throw invalidInput('reason', 'is needed: say why the points change (kept in the audit trail)');
    if (reason.length > ADJUSTMENT_REASON_MAX) {
      throw invalidInput('reason', `must be at most ${ADJUSTMENT_REASON_MAX} characters`);
    }
    return this.db.write(async (tx) => {
      const customer = await this.customer(tx, store, customerId, true);
      const { points } = await this.ledger.balance(tx, customerId);
      if (points + change.points < 0) {
        throw invalidInput(
          'points',
          `would take ${customer.first_name}'s balance below zero: they have ${pointsCount(points)}`,
        );
      }
      const at = this.access.now();
      const by = actorRecord(actor).name;
      await this.ledger.add(tx, {
        dispensaryId: store.id,
        customerId,
        orderId: null,
        kind: 'adjusted',
        points: change.points,
        note: reason,
        actor: by,
        at: at.toISOString(),
      });
      const sign = change.points > 0 ? '+' : '';
      // The points as the ledger and the back office write them ("+2,500 points").
      const said = `${customer.first_name} ${customer.last_name}: ${sign}${pointsCount(change.points)}. ${reason}`;
      await this.access.audited(tx, 'loyalty_adjusted', actor, store, at, said);
      return this.of(tx, store, customerId, {});
    });
  }

  private async of(
    q: Queryable,
    store: Dispensary,
    customerId: string,
    query: LoyaltyEntriesQuery,
  ): Promise<CustomerLoyalty> {
    const programme = store.loyalty;
    const ledger = { dispensaryId: store.id, customerId };
    const before = query.before === undefined ? undefined : await this.pages.after(q, ledger, query.before);
    const { points, lifetimePoints } = await this.ledger.balance(q, customerId);
    const { entries, more } = await this.ledger.entries(
      q,
      { id: customerId, organizationId: store.organizationId },
      query.limit ?? 50,
      before,
    );
    const last = entries.at(-1);
    const lastVisit = points > 0 && programme.enabled ? await this.ledger.lastVisit(q, customerId) : null;
    return {
      enabled: programme.enabled,
      points,
      rewardCents: rewardCentsOf(programme, points),
      offlineSpendCents: programme.offlineSpendCents,
      lifetimePoints,
      tier: tierOf(programme, lifetimePoints),
      nextTier: nextTierOf(programme, lifetimePoints),
      expiresAt: lastVisit === null ? null : expiryDate(lastVisit, programme.expiryMonths, store.timezone),
      entries,
      more,
      nextCursor: more && last ? this.pages.cursor(ledger, last.id) : null,
    };
  }

  private async customer(q: Queryable, store: Dispensary, id: string, locking = false) {
    const row = await (locking ? this.customers.lock(q, store.id, id) : this.customers.find(q, store.id, id));
    if (!row) throw new ServicePayError('NOT_FOUND', `${store.name} has no customer ${id}`);
    return row;
  }
}
