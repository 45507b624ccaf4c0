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

/** What a refresh of an attached register's replica brought changed, for the register's own screens. */
export interface ReplicaChanges {
  dispensaryId: string;
  /** The store's products it changed (added, edited, archived), or null for none. */
  catalog: CatalogChange | null;
  /** Whether it changed the store's settings (its row: name, time zone, programme, policies). */
  store: boolean;
}

/**
 * Runs a refresh of an attached register's replica and answers what it brought changed: the
 * products (each change moves the product's `updated_at` at the server), so the POS screens read
 * their catalog again, and the store's settings, so they read the store again; null when the
 * register is not attached.
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
  return { dispensaryId, catalog, store };
}
