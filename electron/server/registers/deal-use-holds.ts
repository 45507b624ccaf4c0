import type { DealUsesAsked, DealUsesLeft } from '../../../shared/contracts/register-deal-uses.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DealUses } from '../tickets/deal-uses.js';
import { ForwardCustomers } from './forward-customers.js';

/** The uses a register's sale may hold, counted under the deals' row locks (kept once its units are held). */
export interface CheckedDealUses {
  customerId: string | null;
  /** Each asked deal's uses left for the sale, before its own use. */
  left: DealUsesLeft[];
  /** The deals the sale uses that have a use left: one each is held. */
  holding: string[];
}

/**
 * Uses of deals with limits that attached registers hold at their store server for sales they are
 * writing (migration 063; README "Deals"), as they hold a sale's units and allowance. The server
 * counts each deal's uses for the store — its own orders, the forwarded ones, the other registers'
 * holds (`DealUses.counted`, an order once) — under the deals' row locks, as its own tickets do,
 * and keeps a use for each deal the sale uses that has one left. The use counts until the order
 * arrives with the register's changes (its `deal_uses` count from then on), the register gives it
 * back, or it expires.
 */
export class DealUseHolds {
  private readonly uses: DealUses;
  private readonly customers: ForwardCustomers;

  constructor(private readonly db: DataLayer) {
    this.uses = new DealUses(db);
    this.customers = new ForwardCustomers(db);
  }

  /**
   * Each asked deal's uses left for a sale (`holdId`, left out of the counts: a hold asked again),
   * the store's deals with a limit only, their rows locked in id order when `locking` (in a hold).
   */
  async check(
    q: Queryable,
    dispensaryId: string,
    asked: DealUsesAsked,
    now: Date,
    options: { holdId?: string; locking: boolean },
  ): Promise<CheckedDealUses> {
    const k = this.db.builder;
    const customerId = await this.customers.resolve(q, asked.customerId);
    const ids = [...new Set(asked.dealIds)];
    if (ids.length === 0) return { customerId, left: [], holding: [] };
    let query = k
      .selectFrom('deals')
      .select(['id', 'total_limit as total', 'per_customer_limit as perCustomer'])
      .where('dispensary_id', '=', dispensaryId)
      .where('id', 'in', ids)
      .orderBy('id');
    if (options.locking) query = this.db.dialect.forNoKeyUpdate(query);
    const deals = await q.all(query);
    const inAll = deals.filter((deal) => deal.total !== null).map((deal) => deal.id);
    const byCustomer = deals.filter((deal) => deal.perCustomer !== null).map((deal) => deal.id);
    const used = await this.uses.counted(q, dispensaryId, { inAll, byCustomer }, customerId, options.holdId, now);
    const left: DealUsesLeft[] = [];
    for (const deal of deals) {
      const { all, mine } = used.get(deal.id) ?? { all: 0, mine: 0 };
      let uses = Number.POSITIVE_INFINITY;
      if (deal.total !== null) uses = Number(deal.total) - all;
      // A sale naming nobody never gets a deal limited per customer (the engine asks for the customer
      // first): its total alone is answered, as a register's own count does.
      if (deal.perCustomer !== null && customerId !== null) uses = Math.min(uses, Number(deal.perCustomer) - mine);
      if (uses === Number.POSITIVE_INFINITY) continue;
      left.push({ dealId: deal.id, usesLeft: Math.max(0, uses) });
    }
    const using = new Set(asked.using ?? []);
    const holding = left.filter((deal) => deal.usesLeft > 0 && using.has(deal.dealId)).map((deal) => deal.dealId);
    return { customerId, left, holding };
  }

  /** Keeps a use of each deal the sale uses with one left, until `expiresAt` (a hold asked again is kept once). */
  async keep(
    tx: Queryable,
    register: { registerId: string; dispensaryId: string },
    holdId: string,
    checked: CheckedDealUses,
    now: Date,
    expiresAt: string,
  ): Promise<void> {
    if (checked.holding.length === 0) return;
    const rows = checked.holding.map((dealId) => ({
      hold_id: holdId,
      deal_id: dealId,
      dispensary_id: register.dispensaryId,
      customer_id: checked.customerId,
      register_id: register.registerId,
      created_at: now.toISOString(),
      expires_at: expiresAt,
    }));
    await tx.run(
      this.db.builder
        .insertInto('deal_use_holds')
        .values(rows)
        .onConflict((c) => c.columns(['hold_id', 'deal_id']).doNothing()),
    );
  }

  /** Gives back a register's hold (its sale was not written); a hold already gone is fine. */
  release(tx: Queryable, registerId: string, holdId: string): Promise<number> {
    const k = this.db.builder;
    return tx.run(k.deleteFrom('deal_use_holds').where('hold_id', '=', holdId).where('register_id', '=', registerId));
  }

  /** The holds of orders a register's forward brought: their own uses (`deal_uses`) count from now on. */
  arrived(tx: Queryable, registerId: string, orderIds: readonly string[]): Promise<number> {
    if (orderIds.length === 0) return Promise.resolve(0);
    const k = this.db.builder;
    return tx.run(
      k
        .deleteFrom('deal_use_holds')
        .where('register_id', '=', registerId)
        .where('hold_id', 'in', [...orderIds]),
    );
  }

  /** Whether a hold's time is up (read outside a write, so an idle server writes nothing). */
  async anyExpired(q: Queryable, now: Date): Promise<boolean> {
    const k = this.db.builder;
    return !!(await q.first(
      k.selectFrom('deal_use_holds').select('hold_id').where('expires_at', '<=', now.toISOString()).limit(1),
    ));
  }

  /** Drops the holds whose sale did not come in time (they count no more from then on already). */
  expire(tx: Queryable, now: Date): Promise<number> {
    return tx.run(this.db.builder.deleteFrom('deal_use_holds').where('expires_at', '<=', now.toISOString()));
  }
}
