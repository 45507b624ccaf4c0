import type { CatalogChange } from '../../../shared/contracts/live.js';
import type { DataLayer } from '../db/data-layer.js';
import { ServerLinkRepository } from './server-link-repository.js';

/** The most product ids one notice names; past it, the POS reads its whole catalog again anyway. */
const MAX_IDS = 200;

const lastChange = (db: DataLayer, dispensaryId: string) =>
  db.first(
    db.builder
      .selectFrom('products')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .where('dispensary_id', '=', dispensaryId),
  );

const storeRow = (db: DataLayer, dispensaryId: string) =>
  db.first(db.builder.selectFrom('dispensaries').selectAll().where('id', '=', dispensaryId));

/** The stock of each of the store's packages (where it is, what it has and holds), by package id. */
async function stockOf(db: DataLayer, dispensaryId: string): Promise<Map<string, string>> {
  const rows = await db.all(
    db.builder
      .selectFrom('packages as k')
      .innerJoin('products as p', 'p.id', 'k.product_id')
      .select(['k.id', 'k.location_id', 'k.room_id', 'k.on_hand_milli', 'k.reserved_milli'])
      .where('p.dispensary_id', '=', dispensaryId),
  );
  return new Map(rows.map(({ id, ...stock }) => [id, JSON.stringify(stock)]));
}

/** What a refresh of an attached register's replica brought changed, for the register's own screens. */
export interface ReplicaChanges {
  dispensaryId: string;
  /** The store's products it changed (added, edited, archived), or null for none. */
  catalog: CatalogChange | null;
  /** Whether it changed the store's settings (its row: name, time zone, programme, policies). */
  store: boolean;
  /** The packages whose stock it moved (new ones included), for the screens' figures (`stock.changed`). */
  stock: string[];
}

/**
 * Runs a refresh of an attached register's replica and answers what it brought changed: the
 * products (each change moves the product's `updated_at` at the server), so the POS screens read
 * their catalog again, the store's settings, so they read the store again, and the packages whose
 * stock it moved (a stock move changes no product), so they put the figures in place; null when
 * the register is not attached.
 */
export async function replicaChangesBy(db: DataLayer, refresh: () => Promise<unknown>): Promise<ReplicaChanges | null> {
  const link = await new ServerLinkRepository(db).get(db);
  if (!link) {
    await refresh();
    return null;
  }
  const { dispensaryId } = link;
  const before = (await lastChange(db, dispensaryId))?.at ?? '';
  const storeBefore = JSON.stringify(await storeRow(db, dispensaryId));
  const stockBefore = await stockOf(db, dispensaryId);
  await refresh();
  const rows = await db.all(
    db.builder
      .selectFrom('products')
      .select('id')
      .where('dispensary_id', '=', dispensaryId)
      .where('updated_at', '>', before)
      .orderBy('updated_at')
      .limit(MAX_IDS + 1),
  );
  const catalog = rows.length === 0 ? null : { productIds: rows.length > MAX_IDS ? [] : rows.map((row) => row.id) };
  const store = JSON.stringify(await storeRow(db, dispensaryId)) !== storeBefore;
  const stockAfter = await stockOf(db, dispensaryId);
  const stock = [...stockAfter].flatMap(([id, now]) => (stockBefore.get(id) === now ? [] : [id]));
  return { dispensaryId, catalog, store, stock };
}
