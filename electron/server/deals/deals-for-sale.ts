import { ageOn } from '../../../shared/compliance/calendar.js';
import { compileDeals, type DealBook, type DealCustomer } from '../../../shared/deals/engine.js';
import type { Deal } from '../../../shared/deals/deal.js';
import type { DataLayer } from '../db/data-layer.js';
import { EpochCache } from '../db/epoch-cache.js';
import type { Queryable } from '../db/query.js';
import { DealUses } from '../tickets/deal-uses.js';
import type { DealPricing, DealSale, SaleDeals } from '../tickets/sale-deals.js';
import type { ServerDealUses } from '../tickets/server-deal-uses.js';
import { DealsRepository } from './deals-repository.js';
import { LoyaltyLedger } from '../loyalty/loyalty-ledger.js';
import { tierOf } from '../../../shared/loyalty/points.js';
import { StoreMinutes } from './store-minute.js';

/**
 * A store's deals, indexed once until a deal changes (the cache's epoch moves): the active ones to
 * price with, the paused ones only known (by code and id), to say they are paused.
 */
interface StoreBook {
  book: DealBook;
  /** How many deals are active (0: no sale is priced, only codes and choices answered). */
  active: number;
  /** How many deals are known, paused ones too. */
  known: number;
  /** The deals with a use limit (their uses are counted on each sale). */
  limited: readonly Deal[];
  /** Whether a deal is for a loyalty tier (then a sale's customer's tier is read). */
  tiered: boolean;
}

/**
 * The deals a sale is priced with (tickets/sale-deals.ts; README "Deals"): the store's active
 * deals (its paused ones known, never priced), indexed once and kept until one changes; the store's
 * time now; the customer as the deals' groups read them (their type, age today, first visit); the
 * codes typed and deals chosen; and the uses left of deals with limits, counted from the orders that
 * used them (canceled ones aside; their rows in `deal_uses`).
 */
export class DealsForSale implements SaleDeals {
  private readonly deals: DealsRepository;
  private readonly books: EpochCache<StoreBook>;
  private readonly ledger: LoyaltyLedger;
  private readonly uses: DealUses;
  private readonly minutes = new StoreMinutes();

  constructor(
    private readonly db: DataLayer,
    /** On an attached register: its store server's counts, for a sale priced without a hold (a quote). */
    private readonly server?: ServerDealUses,
  ) {
    this.deals = new DealsRepository(db);
    this.ledger = new LoyaltyLedger(db);
    this.uses = new DealUses(db);
    this.books = new EpochCache(db);
  }

  async forSale(q: Queryable, sale: DealSale): Promise<DealPricing | null> {
    const { dispensary, now } = sale;
    const store = await this.books.get(dispensary.id, async () => {
      // Paused deals too (archived ones aside): the engine never prices them (compileDeals indexes
      // only the active), but knows them by code and id, so a sale naming one hears it is paused.
      const known = (await this.deals.list(q, dispensary.id, 'all')).map((one) => one.deal);
      const deals = known.filter((deal) => deal.active);
      const tiered = deals.some((deal) => deal.groups.some((group) => group.kind === 'tier'));
      const limited = deals.filter((deal) => deal.totalLimit !== null || deal.perCustomerLimit !== null);
      const names = await this.deals.productNames(q, dispensary.id, deals);
      return { book: compileDeals(known, names), active: deals.length, known: known.length, limited, tiered };
    });
    if (!store || store.known === 0) return null;
    // Only paused deals: nothing to price, but a code typed or a deal chosen is still answered.
    if (store.active === 0 && sale.promoCodes.length === 0 && sale.chosenDeals.length === 0) return null;
    const { date, weekday, minute } = this.minutes.of(now, dispensary.timezone);
    return {
      book: store.book,
      context: {
        date,
        weekday,
        minute,
        customer: await this.customer(q, sale, date, store.tiered),
        codes: sale.promoCodes,
        chosen: sale.chosenDeals,
        usesLeft: await this.usesLeft(q, sale, store.limited),
      },
    };
  }

  /** The loyalty tier the sale's customer reached (its name), read only where a deal is for a tier. */
  private async tierOf(q: Queryable, sale: DealSale, tiered: boolean): Promise<string | null> {
    const programme = sale.dispensary.loyalty;
    if (!tiered || !programme.enabled || sale.customerId === null) return null;
    const { lifetimePoints } = await this.ledger.balance(q, sale.customerId);
    return tierOf(programme, lifetimePoints)?.name ?? null;
  }

  /** The sale's customer as the groups read them, or null. */
  private async customer(q: Queryable, sale: DealSale, today: string, tiered: boolean): Promise<DealCustomer | null> {
    if (sale.customerId === null) return null;
    const k = this.db.builder;
    const row = await q.first(
      k
        .selectFrom('customers')
        .select(['customer_type as type', 'date_of_birth as birth', 'veteran'])
        .where('id', '=', sale.customerId)
        .where('dispensary_id', '=', sale.dispensary.id),
    );
    if (!row) return null;
    const earlier = await q.first(
      k
        .selectFrom('orders')
        .select('id')
        .where('customer_id', '=', sale.customerId)
        .where('dispensary_id', '=', sale.dispensary.id)
        .where('status', '!=', 'CANCELED')
        .limit(1),
    );
    return {
      type: row.type === 'medical' ? 'medical' : 'adult_use',
      age: ageOn(row.birth, today),
      veteran: row.veteran === 1,
      firstVisit: earlier === undefined,
      tierId: await this.tierOf(q, sale, tiered),
    };
  }

  /**
   * Uses left of each deal with a limit: its total less the orders (not canceled) that used it, and
   * its per-customer limit less this customer's (a sale naming nobody never has such a deal: the
   * engine asks for the customer); the fewer. An order priced again does not count its own uses.
   * Counted from the deals' uses (migration 050), one query for all of them, and the uses attached
   * registers hold at a store server (migration 063). On an attached register, the fewer of its own
   * count and its server's (`atServer`).
   */
  private async usesLeft(q: Queryable, sale: DealSale, limited: readonly Deal[]): Promise<Map<string, number>> {
    const left = new Map<string, number>();
    if (limited.length === 0) return left;
    const ids = limited.map((deal) => deal.id);
    // Two sales counting the last use at once: the second waits for the first's write.
    if (sale.locking) {
      const k = this.db.builder;
      await q.all(
        this.db.dialect.forNoKeyUpdate(k.selectFrom('deals').select('id').where('id', 'in', ids).orderBy('id')),
      );
    }
    const inAll = limited.filter((deal) => deal.totalLimit !== null).map((deal) => deal.id);
    const byCustomer = limited.filter((deal) => deal.perCustomerLimit !== null).map((deal) => deal.id);
    const used = await this.uses.counted(
      q,
      sale.dispensary.id,
      { inAll, byCustomer },
      sale.customerId,
      sale.orderId,
      sale.now,
    );
    for (const deal of limited) {
      const { all, mine } = used.get(deal.id) ?? { all: 0, mine: 0 };
      let uses = Number.POSITIVE_INFINITY;
      if (deal.totalLimit !== null) uses = deal.totalLimit - all;
      if (deal.perCustomerLimit !== null) {
        uses = Math.min(uses, deal.perCustomerLimit - (sale.customerId === null ? 0 : mine));
      }
      left.set(deal.id, Math.max(0, uses));
    }
    const there = await this.atServer(sale, ids);
    for (const [dealId, uses] of there ?? []) if (left.has(dealId)) left.set(dealId, Math.min(left.get(dealId)!, uses));
    return left;
  }

  /**
   * On an attached register, the uses left at its store server (README "Deals"): those its sale's
   * hold answered, else (a quote, not a write nor the plan before a hold) asked now; null where
   * there is no server to ask, or it does not answer (the register counts its own, as offline).
   * The register's own count includes its sales not sent yet; the server's, every sale it has and
   * the uses registers hold there; a sale is counted by each at most once, and the fewer is taken.
   */
  private async atServer(sale: DealSale, dealIds: readonly string[]): Promise<ReadonlyMap<string, number> | null> {
    if (sale.serverUsesLeft) return sale.serverUsesLeft;
    if (!this.server || sale.locking || sale.planning) return null;
    return this.server.usesLeft({ customerId: sale.customerId, dealIds });
  }
}
