import { isDeepStrictEqual } from 'node:util';
import {
  DEAL_LIST_STATUSES,
  type DealCreate,
  type DealListQuery,
  type DealUpdate,
  type DealView,
} from '../../../shared/contracts/deals.js';
import { dealProblems, overlappingExclusive } from '../../../shared/deals/deal-checks.js';
import { dealSummary, noRunLeftWords, scheduleWords, type DealNames } from '../../../shared/deals/deal-words.js';
import { blankDeal, type Deal, type DealScope } from '../../../shared/deals/deal.js';
import type { OverlapProduct } from '../../../shared/deals/overlap.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { listed as listedWords } from '../../../shared/list-words.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { DealUses } from '../tickets/deal-uses.js';
import { neverSaves, savingsToCheck } from './never-saves.js';
import { dealChangeWords } from './deal-change-words.js';
import { overlapProducts } from './overlap-products.js';
import { dealView, dealWith } from './deal-rows.js';
import { StoreMinutes, type StoreMinute } from './store-minute.js';
import { DealsRepository, type StoredDeal } from './deals-repository.js';
import { limited, usesSoFar } from './deal-use-counts.js';
import { usedUp } from '../../../shared/deals/use-words.js';

/** Told once a store's deals changed (the POS prices its cart again). */
export type DealsChanged = (dispensaryId: string) => void | Promise<void>;

/** Deals are read on every sale and kept in memory (deals-for-sale.ts): a change tells every instance. */
const CACHED = { cached: true };

/**
 * A store's deals (README "Deals"; issue 31): listed, added, changed, paused and archived by its
 * managers (`store:manage`), every change checked whole (shared/deals/deal-checks.ts: each refusal
 * in words, naming its field; nothing written), audited, and on the store's registers at their next
 * refresh (the store's version moves with it). A deal a sale used is archived, never deleted.
 */
export class StoreDeals {
  private readonly deals: DealsRepository;
  private readonly uses: DealUses;
  private readonly minutes = new StoreMinutes();

  constructor(
    private readonly access: StoreAccess,
    /** Told once a change of a store's deals is committed: the live channel's `deals.changed` (app wiring). */
    private readonly changed?: DealsChanged,
  ) {
    this.deals = new DealsRepository(access.serverOnlyDb);
    this.uses = new DealUses(access.serverOnlyDb);
  }

  /** A change of the store's deals written (every instance's cache told), then the port told. */
  private async written<T>(
    actor: SetupActor,
    shortName: string,
    work: (tx: Queryable, store: Dispensary) => Promise<T>,
  ): Promise<T> {
    let storeId = '';
    const result = await this.access.storeWrite(
      actor,
      shortName,
      (tx, store) => {
        storeId = store.id;
        return work(tx, store);
      },
      CACHED,
    );
    await this.changed?.(storeId);
    return result;
  }

  async list(actor: SetupActor, shortName: string, query: DealListQuery = {}): Promise<DealView[]> {
    const store = await this.access.store(actor, shortName);
    const status = query.status ?? 'all';
    // The HTTP API's schema refuses it first; the CLI and every other caller of the service come here.
    if (!(DEAL_LIST_STATUSES as readonly string[]).includes(status)) {
      throw invalidInput('status', `must be ${listedWords(DEAL_LIST_STATUSES, 'or')}, not "${status}"`);
    }
    const listed = await this.deals.list(this.access.db, store.id, status);
    const running = status === 'all' ? listed : await this.deals.list(this.access.db, store.id, 'active');
    const names = await this.namesOf(this.access.db, store, [...listed, ...running]);
    const products = await this.overlapProductsOf(this.access.db, store, running);
    const used = await this.usesOf(this.access.db, store, listed);
    return listed.map((one) => this.view(one, running, names, this.storeNow(store), { products, used }));
  }

  async get(actor: SetupActor, shortName: string, id: string): Promise<DealView> {
    const store = await this.access.store(actor, shortName);
    return this.viewOf(this.access.db, store, await this.require(this.access.db, store, id));
  }

  async add(actor: SetupActor, shortName: string, input: DealCreate): Promise<DealView> {
    const id = timeOrderedUuid();
    const deal = dealWith(blankDeal(id), input);
    return this.written(actor, shortName, async (tx, store) => {
      const checked = await this.checked(tx, store, deal);
      const at = this.access.now();
      await this.deals.insert(tx, checked, store.id, at.toISOString());
      await this.access.audited(tx, 'deal_added', actor, store, at, await this.said(tx, store, checked));
      return this.viewOf(tx, store, (await this.deals.find(tx, store.id, id))!);
    });
  }

  async update(actor: SetupActor, shortName: string, id: string, change: DealUpdate): Promise<DealView> {
    return this.written(actor, shortName, async (tx, store) => {
      const before = await this.require(tx, store, id);
      if (before.archivedAt) throw new ServicePayError('CONFLICT', `${before.deal.name} is archived: add a new deal`);
      // Pausing alone makes nothing worse: a deal kept from before a check was added (a fixed price
      // of $0.00) may be paused, and is checked again when resumed or changed.
      const pausing = Object.keys(change).length === 1 && change.active === false;
      const changed = dealWith(before.deal, change);
      const checked = pausing ? changed : await this.checked(tx, store, changed, before.deal);
      // A change to what the deal already is (paused again, its days given as they were) writes nothing and
      // is not audited: the view's `updatedAt` stays, which the command reads as "nothing changed".
      if (isDeepStrictEqual(checked, before.deal)) return this.viewOf(tx, store, before);
      const at = this.access.now();
      await this.deals.update(tx, checked, store.id, at.toISOString());
      // Only a deal with a limit has its uses counted (deal_uses): given one, they are counted now.
      if (limited(before.deal) !== limited(checked)) {
        await (limited(checked) ? this.uses.fill(tx, store.id, id) : this.uses.clear(tx, id));
      }
      await this.access.audited(
        tx,
        'deal_changed',
        actor,
        store,
        at,
        await this.changeSaid(tx, store, before, checked),
      );
      return this.viewOf(tx, store, (await this.deals.find(tx, store.id, id))!);
    });
  }

  /** Archives a deal: it no longer applies, and the sales that used it keep its name. */
  async archive(actor: SetupActor, shortName: string, id: string): Promise<DealView> {
    return this.written(actor, shortName, async (tx, store) => {
      const before = await this.require(tx, store, id);
      if (before.archivedAt) throw new ServicePayError('CONFLICT', `${before.deal.name} is archived already`);
      const at = this.access.now();
      await this.deals.archive(tx, id, at.toISOString());
      await this.access.audited(tx, 'deal_archived', actor, store, at, before.deal.name);
      return this.viewOf(tx, store, (await this.deals.find(tx, store.id, id))!);
    });
  }

  /**
   * The deal as it would be written, refused in words when any check fails (the first one, by field).
   * `before`: the deal as it was (a change), so that only a new name, or a bundle's new price or
   * products, is checked against the others' and the catalog.
   */
  private async checked(tx: Queryable, store: Dispensary, deal: Deal, before: Deal | null = null): Promise<Deal> {
    const [problem] = dealProblems(deal, before);
    if (problem) {
      // The checks name the deal's own fields; the API names a rate `percent`.
      const field = problem.field === 'percentPpm' ? 'percent' : problem.field;
      throw new ServicePayError('INVALID_INPUT', problem.words, { field });
    }
    // A name is how people (the cart, the receipt, `servicepay deals set NAME`) tell deals apart.
    const renamed = before === null || before.name.toLowerCase() !== deal.name.toLowerCase();
    const namesake = renamed && (await this.deals.withName(tx, store.id, deal.name, deal.id));
    if (namesake) throw invalidInput('name', `is taken: another deal is called "${namesake.deal.name}"`);
    if (deal.code) {
      const taken = await this.deals.withCode(tx, store.id, deal.code, deal.id);
      if (taken) throw invalidInput('code', `is taken: ${taken.deal.name} has the code ${deal.code}`);
    }
    deal.groups.forEach((group, index) => {
      if (group.kind !== 'tier') return;
      const tiers = store.loyalty.tiers.map((tier) => tier.name);
      if (!tiers.some((name) => name.toLowerCase() === group.tierId.trim().toLowerCase())) {
        const known = tiers.length ? `its tiers are ${tiers.join(', ')}` : 'it has none';
        const named = `names "${group.tierId}", not a tier of the store's loyalty programme (${known})`;
        throw invalidInput(`groups[${index}].tierId`, named);
      }
    });
    const scope = await this.productsOf(tx, store, deal.scope, 'scope');
    const getScope = deal.getScope && (await this.productsOf(tx, store, deal.getScope, 'getScope'));
    const written = { ...deal, scope, getScope };
    if (savingsToCheck(written, before)) {
      const never = await neverSaves(this.access.serverOnlyDb, tx, store.id, written);
      if (never) throw invalidInput(never.field, never.words);
    }
    return written;
  }

  /** The scope with its products named by id: a SKU is read as its product; another store's or unknown refused. */
  private async productsOf(q: Queryable, store: Dispensary, scope: DealScope, field: string): Promise<DealScope> {
    if (scope.productIds.length === 0) return scope;
    const k = this.access.serverOnlyDb.builder;
    const rows = await q.all(
      k
        .selectFrom('products')
        .select(['id', 'sku'])
        .where('dispensary_id', '=', store.id)
        .where((eb) => eb.or([eb('id', 'in', scope.productIds), eb('sku', 'in', scope.productIds)])),
    );
    const ids = scope.productIds.map((ref) => rows.find((row) => row.id === ref || row.sku === ref)?.id);
    const missing = scope.productIds.filter((_, i) => ids[i] === undefined);
    if (missing.length > 0) {
      throw invalidInput(`${field}.productIds`, `names no product of ${store.name}: ${missing.join(', ')}`);
    }
    return { ...scope, productIds: [...new Set(ids as string[])] };
  }

  private async require(q: Queryable, store: Dispensary, id: string): Promise<StoredDeal> {
    const found = await this.deals.find(q, store.id, id);
    if (!found) throw new ServicePayError('NOT_FOUND', `${store.name} has no deal with the id ${id}`);
    return found;
  }

  private async viewOf(q: Queryable, store: Dispensary, one: StoredDeal): Promise<DealView> {
    const running = await this.deals.list(q, store.id, 'active');
    const products = await this.overlapProductsOf(q, store, running);
    const used = await this.usesOf(q, store, [one]);
    const names = await this.namesOf(q, store, [one, ...running]);
    return this.view(one, running, names, this.storeNow(store), { products, used });
  }

  /** The uses so far of those of `deals` with a limit (deal_uses), by deal id. */
  private usesOf(q: Queryable, store: Dispensary, deals: readonly StoredDeal[]): Promise<Map<string, number>> {
    const live = deals.filter((one) => !one.archivedAt).map((one) => one.deal);
    return usesSoFar(this.uses, q, store.id, live, this.access.now());
  }

  /** The store's day and minute now, by which a deal has ended or has no run left. */
  private storeNow(store: Dispensary): StoreMinute {
    return this.minutes.of(this.access.now(), store.timezone);
  }

  /** "Wednesday edibles: 20 % off Edibles, Wednesdays": a deal as the audit trail says it. */
  private async said(q: Queryable, store: Dispensary, deal: Deal): Promise<string> {
    const names = await this.namesOf(q, store, [{ deal, createdAt: '', updatedAt: '', archivedAt: null }]);
    return `${deal.name}: ${dealSummary(deal, names)}`;
  }

  /** "Wednesday edibles — uses: no limit → 2 in all": a change of a deal as the audit trail says it. */
  private async changeSaid(q: Queryable, store: Dispensary, before: StoredDeal, after: Deal): Promise<string> {
    const names = await this.namesOf(q, store, [before, { ...before, deal: after }]);
    return dealChangeWords(before.deal, after, names);
  }

  /** The names of the products the deals name, so their words say "Blue Dream", never an id. */
  private async namesOf(q: Queryable, store: Dispensary, deals: readonly StoredDeal[]): Promise<DealNames> {
    const names = await this.deals.productNames(
      q,
      store.id,
      deals.map((one) => one.deal),
    );
    // A tier group names its tier by its name in the store's loyalty programme.
    const tier = (id: string) => store.loyalty.tiers.find((one) => one.name.toLowerCase() === id.toLowerCase())?.name;
    return { ...names, tier };
  }

  /** The store's products, by which exclusive deals scoped differently (a brand, a category) overlap. */
  private overlapProductsOf(q: Queryable, store: Dispensary, running: readonly StoredDeal[]) {
    const deals = running.map((one) => one.deal);
    return overlapProducts(this.access.serverOnlyDb, q, store.id, deals);
  }

  /**
   * A deal in words, with its uses so far (`used`: a deal with a limit); a running one warned of
   * when it has no run left, or else of an exclusive deal it overlaps (the store's `products`).
   */
  private view(
    one: StoredDeal,
    running: readonly StoredDeal[],
    names: DealNames,
    now: StoreMinute,
    { products, used }: { products: readonly OverlapProduct[]; used: ReadonlyMap<string, number> },
  ): DealView {
    const others = running.filter((other) => other.deal.id !== one.deal.id).map((other) => other.deal);
    const warning =
      one.archivedAt || !one.deal.active
        ? null
        : (noRunLeftWords(one.deal.schedule, now) ?? overlappingExclusive(one.deal, others, names, products));
    const words = { summary: dealSummary(one.deal, names), when: scheduleWords(one.deal.schedule), warning };
    const uses = used.get(one.deal.id) ?? null;
    const counts = { uses, usedUp: usedUp({ uses, totalLimit: one.deal.totalLimit }) };
    return dealView(one.deal, words, counts, { createdAt: one.createdAt, updatedAt: one.updatedAt });
  }
}
