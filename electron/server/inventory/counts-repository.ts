import { sql } from 'kysely';
import { FLOOR_ROOM, type CountScope } from '../../../shared/inventory/count-scope.js';
import { BARCODE_SEPARATOR } from '../catalog/product-fields.js';
import { caseOf, slices } from '../db/batch-writes.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import { emptyPlaceholder } from './placeholder-packages.js';
import type { CountStatus, InventoryCountEntriesTable, InventoryCountsTable } from '../db/schema/inventory.js';
import { staffNames, type StaffNames } from '../auth/staff-names.js';

const selectCounts = (k: Builder) => k.selectFrom('inventory_counts').selectAll();
const byNumber = (k: Builder, p: { dispensaryId: string; number: number }) =>
  selectCounts(k).where('dispensary_id', '=', p.dispensaryId).where('number', '=', p.number);
const byId = (k: Builder, p: { dispensaryId: string; id: string }) =>
  selectCounts(k).where('dispensary_id', '=', p.dispensaryId).where('id', '=', p.id);

/** One count as stored. */
export type CountRow = InventoryCountsTable;

/**
 * The packages of a store a count may cover, with the count's entry of each where there is one. A
 * package of an archived product is still on a shelf while it holds stock; once empty it is left
 * out, unless it was counted.
 */
const selectLines = (k: Builder, countId: string, dispensaryId: string) =>
  k
    .selectFrom('packages as pk')
    .innerJoin('products as p', 'p.id', 'pk.product_id')
    .leftJoin('rooms as r', 'r.id', 'pk.room_id')
    .leftJoin('inventory_count_entries as e', (join) =>
      join.onRef('e.package_id', '=', 'pk.id').on('e.count_id', '=', countId),
    )
    .leftJoin('users as counter', 'counter.id', 'e.counted_by_id')
    .select([
      'pk.id as packageId',
      'pk.label as packageLabel',
      'p.id as productId',
      'p.name as productName',
      'p.sku',
      'p.type as category',
      'p.unit_type as unitType',
      'p.deli',
      'pk.price_cents as priceCents',
      'pk.on_hand_milli as onHandMilli',
      'pk.room_id as roomId',
      'r.name as roomName',
      'e.counted_milli as countedMilli',
      'e.expected_milli as expectedMilli',
      'e.counted_by_name as countedBy',
      'counter.display_name as countedByName',
      'e.counted_at as countedAt',
      'e.adjustment_id as adjustmentId',
    ])
    .where('p.dispensary_id', '=', dispensaryId)
    .where((eb) => eb.or([eb('p.active', '=', 1), eb('pk.on_hand_milli', '>', 0), eb('e.count_id', 'is not', null)]));

/** One package of a count's scope, and its entry (nulls when not counted). */
export type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>['executeTakeFirstOrThrow']>>;

/** Leaves out an empty placeholder (placeholder-packages.ts) unless it was counted here. */
const withoutPlaceholders = (select: ReturnType<typeof selectLines>) =>
  select.where((eb) => eb.or([eb.not(emptyPlaceholder('pk')), eb('e.count_id', 'is not', null)]));

/** What `lines` narrows to: one package (in scope or not), or the untagged packages it lists of some products. */
export type LinesOf = { packageId: string } | { untaggedOf: readonly string[] };

/** The store's counts, their entries, and the packages they cover. */
export class CountsRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      lockStore: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(k.selectFrom('dispensaries').select('id').where('id', '=', p.id)),
      ),
      unfinished: db.prepare((k, p: { dispensaryId: string }) =>
        selectCounts(k).where('dispensary_id', '=', p.dispensaryId).where('status', 'in', ['OPEN', 'PAUSED']),
      ),
      lastNumber: db.prepare((k, p: { dispensaryId: string }) =>
        k
          .selectFrom('inventory_counts')
          .select((eb) => eb.fn.max('number').as('last'))
          .where('dispensary_id', '=', p.dispensaryId),
      ),
      insert: db.prepare((k, p: CountRow) =>
        k.insertInto('inventory_counts').values({
          id: p.id,
          dispensary_id: p.dispensary_id,
          number: p.number,
          name: p.name,
          note: p.note,
          scope: p.scope,
          status: p.status,
          started_by_id: p.started_by_id,
          started_by_name: p.started_by_name,
          started_at: p.started_at,
          closed_by_id: p.closed_by_id,
          closed_by_name: p.closed_by_name,
          approved_by_id: p.approved_by_id,
          approved_by_name: p.approved_by_name,
          closed_at: p.closed_at,
        }),
      ),
      byNumber: db.prepare((k, p: { dispensaryId: string; number: number }) => byNumber(k, p)),
      byId: db.prepare((k, p: { dispensaryId: string; id: string }) => byId(k, p)),
      byNumberLocked: db.prepare((k, p: { dispensaryId: string; number: number }) =>
        db.dialect.forNoKeyUpdate(byNumber(k, p)),
      ),
      byIdLocked: db.prepare((k, p: { dispensaryId: string; id: string }) => db.dialect.forNoKeyUpdate(byId(k, p))),
      list: db.prepare((k, p: { dispensaryId: string }) =>
        selectCounts(k).where('dispensary_id', '=', p.dispensaryId).orderBy('number', 'desc').limit(100),
      ),
      countedElsewhere: db.prepare((k, p: { countId: string; packageId: string }) =>
        k
          .selectFrom('inventory_counts as c')
          .innerJoin('inventory_count_entries as e', 'e.count_id', 'c.id')
          .selectAll('c')
          .where('e.package_id', '=', p.packageId)
          .where('c.id', '<>', p.countId)
          .where('c.status', 'in', ['OPEN', 'PAUSED']),
      ),
      upsertEntry: db.prepare((k, p: InventoryCountEntriesTable) =>
        k
          .insertInto('inventory_count_entries')
          .values({
            count_id: p.count_id,
            package_id: p.package_id,
            counted_milli: p.counted_milli,
            expected_milli: p.expected_milli,
            entries: p.entries,
            counted_by_id: p.counted_by_id,
            counted_by_name: p.counted_by_name,
            counted_at: p.counted_at,
            adjustment_id: p.adjustment_id,
          })
          .onConflict((conflict) =>
            conflict.columns(['count_id', 'package_id']).doUpdateSet({
              counted_milli: (eb) => eb.ref('excluded.counted_milli'),
              expected_milli: (eb) => eb.ref('excluded.expected_milli'),
              entries: sql<number>`inventory_count_entries.entries + 1`,
              counted_by_id: (eb) => eb.ref('excluded.counted_by_id'),
              counted_by_name: (eb) => eb.ref('excluded.counted_by_name'),
              counted_at: (eb) => eb.ref('excluded.counted_at'),
            }),
          ),
      ),
    };
  }

  /** Locks the store's row until the write ends: two counts started at once are checked one after the other. */
  async lockStore(tx: Queryable, dispensaryId: string): Promise<void> {
    await tx.first(this.q.lockStore, { id: dispensaryId });
  }

  /** The store's counts still open or paused. */
  async unfinished(q: Queryable, dispensaryId: string): Promise<CountRow[]> {
    return (await q.all(this.q.unfinished, { dispensaryId })).map(withNumber);
  }

  async nextNumber(tx: Queryable, dispensaryId: string): Promise<number> {
    const row = await tx.first(this.q.lastNumber, { dispensaryId });
    return Number(row?.last ?? 0) + 1;
  }

  async insert(tx: Queryable, row: CountRow): Promise<void> {
    await tx.run(this.q.insert, row);
  }

  /** The store's count `ref` names: its number ("3") or its id; `lock` locks its row until the write ends. */
  async find(q: Queryable, dispensaryId: string, ref: string, lock = false): Promise<CountRow | undefined> {
    const text = ref.trim();
    const found = /^\d{1,9}$/.test(text)
      ? await q.first(lock ? this.q.byNumberLocked : this.q.byNumber, { dispensaryId, number: Number(text) })
      : await q.first(lock ? this.q.byIdLocked : this.q.byId, { dispensaryId, id: text });
    return found && withNumber(found);
  }

  /** The store's last 100 counts, newest first. */
  async list(q: Queryable, dispensaryId: string): Promise<CountRow[]> {
    return (await q.all(this.q.list, { dispensaryId })).map(withNumber);
  }

  /** Writes the fields of `change` to count `id`. */
  async update(tx: Queryable, id: string, change: Partial<CountRow>): Promise<void> {
    await tx.run(this.db.builder.updateTable('inventory_counts').set(change).where('id', '=', id));
  }

  /** The package's entry in the count: a new row, or the one there replaced (two devices: both land, the later kept). */
  async enter(tx: Queryable, entry: InventoryCountEntriesTable): Promise<void> {
    await tx.run(this.q.upsertEntry, entry);
  }

  /** Notes the adjustment each package's difference became (by package id), a few hundred to a statement. */
  async setAdjustments(tx: Queryable, countId: string, adjustments: ReadonlyMap<string, string>): Promise<void> {
    for (const part of slices([...adjustments])) {
      await tx.run(
        this.db.builder
          .updateTable('inventory_count_entries')
          .set({ adjustment_id: caseOf('package_id', new Map(part), 'text') })
          .where('count_id', '=', countId)
          .where(
            'package_id',
            'in',
            part.map(([packageId]) => packageId),
          ),
      );
    }
  }

  /**
   * The packages of `scope` at the store, by product name, with the count's entries (an empty
   * placeholder beside its product's real package left out); `only.packageId`: that package alone
   * (whether in scope or not: the caller checks); `only.untaggedOf`: the untagged ones of these products.
   */
  async lines(
    q: Queryable,
    count: { id: string; dispensaryId: string; scope: CountScope },
    only?: LinesOf,
  ): Promise<LineRow[]> {
    let select = selectLines(this.db.builder, count.id, count.dispensaryId);
    const { categories, rooms } = count.scope;
    if (only && 'packageId' in only) return q.all(select.where('pk.id', '=', only.packageId));
    select = withoutPlaceholders(select);
    if (only) {
      if (only.untaggedOf.length === 0) return [];
      select = select.where('pk.label', '=', '').where('p.id', 'in', only.untaggedOf);
    }
    if (categories || rooms) {
      // In scope now, or counted here (a package counted in a room still counts there once moved).
      // A count of rooms leaves out a package another open count has counted: moved here since, it counts there.
      select = select.where((eb) => {
        const now = [];
        if (categories) now.push(eb('p.type', 'in', categories));
        if (rooms) {
          const named = rooms.filter((room) => room !== FLOOR_ROOM);
          const where = named.length > 0 ? [eb('pk.room_id', 'in', named)] : [];
          if (rooms.includes(FLOOR_ROOM)) where.push(eb('pk.room_id', 'is', null));
          // The other open counts' entries, read once by their counts (the entries' key starts with the count).
          const countedByOther = eb
            .selectFrom('inventory_count_entries as o')
            .innerJoin('inventory_counts as oc', 'oc.id', 'o.count_id')
            .select('o.package_id')
            .where('oc.dispensary_id', '=', count.dispensaryId)
            .where('oc.status', 'in', ['OPEN', 'PAUSED'])
            .where('oc.id', '<>', count.id);
          now.push(eb.or(where), eb('pk.id', 'not in', countedByOther));
        }
        return eb.or([eb.and(now), eb('e.count_id', 'is not', null)]);
      });
    }
    return q.all(select.orderBy('p.name').orderBy('pk.id'));
  }

  /** The store's products whose SKU (in any case) or one of whose barcodes is `code`, as a scanner reads it. */
  async productsCoded(
    q: Queryable,
    dispensaryId: string,
    code: string,
  ): Promise<{ id: string; name: string; sku: string | null }[]> {
    const upper = code.toUpperCase();
    const rows = await q.all(
      this.db.builder
        .selectFrom('products')
        .select(['id', 'name', 'sku', 'barcodes'])
        .where('dispensary_id', '=', dispensaryId)
        .where((eb) => eb.or([eb(eb.fn('upper', ['sku']), '=', upper), eb('barcodes', 'like', `%${code}%`)])),
    );
    // `like` narrows; the exact code is told here (a `%` typed, or one barcode inside another).
    return rows
      .filter((row) => row.sku?.toUpperCase() === upper || row.barcodes.split(BARCODE_SEPARATOR).includes(code))
      .map(({ id, name, sku }) => ({ id, name, sku }));
  }

  /** The display names now of the people of `rows` (who started, closed and approved each), by user id. */
  async staffNamesOf(q: Queryable, rows: readonly CountRow[]): Promise<StaffNames> {
    return staffNames(
      this.db,
      q,
      rows.flatMap((row) => [row.started_by_id, row.closed_by_id, row.approved_by_id]),
    );
  }

  /** The other open or paused count that has counted the package, if one has. */
  async countedElsewhere(q: Queryable, countId: string, packageId: string): Promise<CountRow | undefined> {
    const found = await q.first(this.q.countedElsewhere, { countId, packageId });
    return found && withNumber(found);
  }
}

/** PostgreSQL's bigint comes back as text. */
const withNumber = (row: CountRow): CountRow => ({ ...row, number: Number(row.number) });

export type { CountStatus };
