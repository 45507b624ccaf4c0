import type { Selectable } from 'kysely';
import type { Deal } from '../../../shared/deals/deal.js';
import type { DealNames } from '../../../shared/deals/deal-words.js';
import { byPriority } from '../../../shared/deals/choice-order.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { DealsTable } from '../db/schema/deals.js';
import { dealOfRow, rowOfDeal } from './deal-rows.js';

/** Which of a store's deals to list: active, paused, archived, or all but the archived. */
export type DealStatus = 'active' | 'paused' | 'archived' | 'all';

/** A deal with when it was written. */
export interface StoredDeal {
  deal: Deal;
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

const stored = (row: Selectable<DealsTable>): StoredDeal => ({
  deal: dealOfRow(row),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  archivedAt: row.archived_at,
});

/** A store's deals (migration 043). */
export class DealsRepository {
  constructor(private readonly db: DataLayer) {}

  /**
   * The store's deals in `status`, in the order a sale applies them: highest priority first and, at
   * the same priority, by id (time-ordered: the deal made earlier comes first). Sorted by the engine's
   * own `byPriority`, so the list never reads another order than the one that prices a cart, whatever
   * the database's collation of text.
   */
  async list(q: Queryable, dispensaryId: string, status: DealStatus): Promise<StoredDeal[]> {
    let query = this.db.builder.selectFrom('deals').selectAll().where('dispensary_id', '=', dispensaryId);
    if (status === 'archived') query = query.where('archived_at', 'is not', null);
    else query = query.where('archived_at', 'is', null);
    if (status === 'active') query = query.where('active', '=', 1);
    if (status === 'paused') query = query.where('active', '=', 0);
    const rows = await q.all(query.orderBy('priority', 'desc').orderBy('id'));
    return rows.map(stored).sort((a, b) => byPriority(a.deal, b.deal));
  }

  /** The store's deal `id` (archived ones too), or undefined. */
  async find(q: Queryable, dispensaryId: string, id: string): Promise<StoredDeal | undefined> {
    const row = await q.first(
      this.db.builder.selectFrom('deals').selectAll().where('dispensary_id', '=', dispensaryId).where('id', '=', id),
    );
    return row && stored(row);
  }

  /** The store's deal (not archived) holding promo code `code`, other than `self`. */
  async withCode(q: Queryable, dispensaryId: string, code: string, self: string): Promise<StoredDeal | undefined> {
    const row = await q.first(
      this.db.builder
        .selectFrom('deals')
        .selectAll()
        .where('dispensary_id', '=', dispensaryId)
        .where('code', '=', code)
        .where('id', '!=', self),
    );
    return row && stored(row);
  }

  /** Another deal of the store, not archived, called `name` (in any case). */
  async withName(q: Queryable, dispensaryId: string, name: string, self: string): Promise<StoredDeal | undefined> {
    const k = this.db.builder;
    const row = await q.first(
      k
        .selectFrom('deals')
        .selectAll()
        .where('dispensary_id', '=', dispensaryId)
        .where('archived_at', 'is', null)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
        .where('id', '!=', self),
    );
    return row && stored(row);
  }

  /** The names of the products `deals` name (in their scopes), so their words say "Blue Dream", never an id. */
  async productNames(q: Queryable, dispensaryId: string, deals: readonly Deal[]): Promise<DealNames> {
    const ids = [...new Set(deals.flatMap((deal) => [...deal.scope.productIds, ...(deal.getScope?.productIds ?? [])]))];
    if (ids.length === 0) return {};
    const rows = await q.all(
      this.db.builder
        .selectFrom('products')
        .select(['id', 'name'])
        .where('dispensary_id', '=', dispensaryId)
        .where('id', 'in', ids),
    );
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return { product: (id) => names.get(id) };
  }

  async insert(tx: Queryable, deal: Deal, dispensaryId: string, at: string): Promise<void> {
    await tx.run(this.db.builder.insertInto('deals').values(rowOfDeal(deal, dispensaryId, at)));
  }

  async update(tx: Queryable, deal: Deal, dispensaryId: string, at: string): Promise<void> {
    const { id: _id, created_at: _created, dispensary_id: _store, ...row } = rowOfDeal(deal, dispensaryId, at);
    await tx.run(this.db.builder.updateTable('deals').set(row).where('id', '=', deal.id));
  }

  /** Archives a deal (kept for the sales that name it), its code freed for another. */
  async archive(tx: Queryable, id: string, at: string): Promise<void> {
    await tx.run(
      this.db.builder
        .updateTable('deals')
        .set({ archived_at: at, updated_at: at, active: 0, code: null })
        .where('id', '=', id),
    );
  }
}
