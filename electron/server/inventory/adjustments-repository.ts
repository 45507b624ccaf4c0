import { insertRows } from '../db/batch-writes.js';
import { tagKey } from '../catalog/import/package-tags.js';
import type { DataLayer } from '../db/data-layer.js';
import { pageNewestFirst, type PageKey } from '../db/newest-first.js';
import type { Builder, Queryable } from '../db/query.js';
import type { StockAdjustmentsTable } from '../db/schema/inventory.js';

/** A package of a store, as an adjustment needs it: its product, unit and tag. */
export interface AdjustedPackage {
  packageId: string;
  label: string;
  productId: string;
  productName: string;
  sku: string | null;
  unitType: string;
  deli: boolean;
}

/** What the list narrows to: the store, and any of a product, a package, a reason and a time window. */
export interface AdjustmentFilter {
  dispensaryId: string;
  productId?: string;
  packageId?: string;
  reason?: string;
  /** Store days (`YYYY-MM-DD`), both included. */
  fromDay?: string;
  toDay?: string;
  after?: PageKey;
  limit: number;
}

const selectPackages = (k: Builder) =>
  k
    .selectFrom('packages as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .select([
      'pk.id as packageId',
      'pk.label',
      'p.id as productId',
      'p.name as productName',
      'p.sku',
      'p.unit_type as unitType',
      'p.deli',
      'p.dispensary_id as dispensaryId',
    ]);

/** Adjustments with their product, and the display names of who made and approved each (null: no user now). */
const selectAdjustments = (k: Builder) =>
  k
    .selectFrom('stock_adjustments as a')
    .innerJoin('products as p', 'p.id', 'a.product_id')
    .leftJoin('users as maker', (join) => join.on('a.actor_kind', '=', 'staff').onRef('maker.id', '=', 'a.actor_id'))
    .leftJoin('users as approver', 'approver.id', 'a.approved_by_id')
    .select([
      'a.id',
      'a.package_id as packageId',
      'a.package_label as packageLabel',
      'a.product_id as productId',
      'p.name as productName',
      'p.sku',
      'p.unit_type as unitType',
      'a.delta_milli as deltaMilli',
      'a.before_milli as beforeMilli',
      'a.after_milli as afterMilli',
      'a.reason',
      'a.note',
      'a.actor_kind as actorKind',
      'a.actor_id as actorId',
      'a.actor_name as actorName',
      'maker.display_name as actorDisplayName',
      'a.approved_by_id as approvedById',
      'a.approved_by_name as approvedByName',
      'approver.display_name as approverDisplayName',
      'a.at',
      'a.store_day as storeDay',
    ]);

/** One adjustment as stored, with its product's name and its people's display names. */
export type AdjustmentRow = Awaited<ReturnType<ReturnType<typeof selectAdjustments>['executeTakeFirstOrThrow']>>;

type PackageRow = Awaited<ReturnType<ReturnType<typeof selectPackages>['executeTakeFirstOrThrow']>>;

const toPackage = (row: PackageRow): AdjustedPackage & { dispensaryId: string } => ({
  ...row,
  deli: Number(row.deli) === 1,
});

/** The permanent record of a store's adjustments, and the packages they change. */
export class AdjustmentsRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      packageById: db.prepare((k, p: { id: string }) => selectPackages(k).where('pk.id', '=', p.id)),
      packagesByTag: db.prepare((k, p: { key: string }) =>
        selectPackages(k).where('pk.label_key', '=', p.key).orderBy('pk.id'),
      ),
      insert: db.prepare((k, p: StockAdjustmentsTable) =>
        k.insertInto('stock_adjustments').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          package_id: p.package_id,
          product_id: p.product_id,
          package_label: p.package_label,
          delta_milli: p.delta_milli,
          before_milli: p.before_milli,
          after_milli: p.after_milli,
          reason: p.reason,
          note: p.note,
          actor_kind: p.actor_kind,
          actor_id: p.actor_id,
          actor_name: p.actor_name,
          approved_by_id: p.approved_by_id,
          approved_by_name: p.approved_by_name,
          at: p.at,
          store_day: p.store_day,
        }),
      ),
      byId: db.prepare((k, p: { id: string }) => selectAdjustments(k).where('a.id', '=', p.id)),
    };
  }

  /**
   * The package `ref` names (its id, or its state tag) and the store it belongs to; undefined when
   * no package has it. A tag is looked up among every store's, so one of another store is told apart
   * from an unknown one, in any case it was stored in (by the tag's key); an empty tag is none.
   */
  async findPackage(q: Queryable, ref: string): Promise<(AdjustedPackage & { dispensaryId: string })[]> {
    const byId = await q.first(this.q.packageById, { id: ref });
    if (byId) return [toPackage(byId)];
    const key = tagKey(ref);
    return key === '' ? [] : (await q.all(this.q.packagesByTag, { key })).map(toPackage);
  }

  async insert(tx: Queryable, row: StockAdjustmentsTable): Promise<void> {
    await tx.run(this.q.insert, row);
  }

  /** Adjustments written together (a count applied): a few statements for thousands. */
  async insertMany(tx: Queryable, rows: readonly StockAdjustmentsTable[]): Promise<void> {
    if (rows.length === 1) await this.insert(tx, rows[0]!);
    else await insertRows(this.db, tx, 'stock_adjustments', rows);
  }

  async find(q: Queryable, id: string): Promise<AdjustmentRow | undefined> {
    return q.first(this.q.byId, { id });
  }

  /** Whether any adjustment of the store has the reason `code`: one its list no longer names, say. */
  async hasReason(q: Queryable, dispensaryId: string, code: string): Promise<boolean> {
    const one = this.db.builder
      .selectFrom('stock_adjustments')
      .select('id')
      .where('dispensary_id', '=', dispensaryId)
      .where('reason', '=', code)
      .limit(1);
    return (await q.first(one)) !== undefined;
  }

  /** One page of the store's adjustments, newest first, and whether another follows. */
  async page(q: Queryable, filter: AdjustmentFilter): Promise<{ rows: AdjustmentRow[]; more: boolean }> {
    let select = selectAdjustments(this.db.builder).where('a.dispensary_id', '=', filter.dispensaryId);
    if (filter.productId !== undefined) select = select.where('a.product_id', '=', filter.productId);
    if (filter.packageId !== undefined) select = select.where('a.package_id', '=', filter.packageId);
    if (filter.reason !== undefined) select = select.where('a.reason', '=', filter.reason);
    if (filter.fromDay !== undefined) select = select.where('a.store_day', '>=', filter.fromDay);
    if (filter.toDay !== undefined) select = select.where('a.store_day', '<=', filter.toDay);
    const rows = await q.all(pageNewestFirst(select, { time: 'a.at', id: 'a.id' }, filter.after, filter.limit + 1));
    return { rows: rows.slice(0, filter.limit), more: rows.length > filter.limit };
  }
}
