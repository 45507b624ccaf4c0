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

/**
 * Runs a refresh of an attached register's replica and answers which of its store's products it
 * brought changed (added, edited, archived: each moves the product's `updated_at` at the server),
 * so the register's POS screens read their catalog again; null when none changed or the register
 * is not attached.
 */
export async function catalogChangedBy(
  db: DataLayer,
  refresh: () => Promise<unknown>,
): Promise<(CatalogChange & { dispensaryId: string }) | null> {
  const link = await new ServerLinkRepository(db).get(db);
  const before = link ? ((await lastChange(db, link.dispensaryId))?.at ?? '') : '';
  await refresh();
  if (!link) return null;
  const rows = await db.all(
    db.builder
      .selectFrom('products')
      .select('id')
      .where('dispensary_id', '=', link.dispensaryId)
      .where('updated_at', '>', before)
      .orderBy('updated_at')
      .limit(MAX_IDS + 1),
  );
  if (rows.length === 0) return null;
  const productIds = rows.length > MAX_IDS ? [] : rows.map((row) => row.id);
  return { dispensaryId: link.dispensaryId, productIds };
}

const storeRow = (db: DataLayer, dispensaryId: string) =>
  db.first(db.builder.selectFrom('dispensaries').selectAll().where('id', '=', dispensaryId));

/**
 * Runs a refresh of an attached register's replica and answers its store's id when the refresh
 * changed the store's settings (its row: name, time zone, programme, policies), so the register's
 * screens read the store again; null when nothing changed or the register is not attached.
 */
export async function storeChangedBy(db: DataLayer, refresh: () => Promise<unknown>): Promise<string | null> {
  const link = await new ServerLinkRepository(db).get(db);
  const before = link ? JSON.stringify(await storeRow(db, link.dispensaryId)) : '';
  await refresh();
  if (!link) return null;
  return JSON.stringify(await storeRow(db, link.dispensaryId)) === before ? null : link.dispensaryId;
}
