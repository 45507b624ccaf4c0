import { sql } from 'kysely';
import { QUANTITY_MAX_MILLI, QUANTITY_MAX_UNITS } from '../../../shared/numbers.js';
import { PackageStocks, stockOf } from '../catalog/package-stock.js';
import { moveStock, newShortfall } from '../catalog/stock-claims.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';
import { quantity, shortfallException } from './forward-shortfall.js';

/**
 * A package's stock changes in one batch, added up; `seq` is the last change's, `count` how many.
 * `reserved` is what the changes moved the open orders' claims by (reserved and short together).
 */
export interface StockChange {
  onHand: number;
  reserved: number;
  seq: number;
  count: number;
}

/** What a batch's stock changes raised, by the change's sequence number; `refused`: how many changes it passed over. */
export type StockExceptions = { seq: number; exception: NewException; refused: number }[];

/**
 * Adds a batch's stock changes (added up by package, in the batch's one transaction) to the
 * server's stock, whatever the server has: a sale made offline happened. Stock cannot go below
 * zero here, so a sale of more than the server has leaves it at zero, and the units sold beyond it
 * go to the exceptions report (count the package). A reservation the stock cannot hold stays the
 * order's claim: what is on hand is reserved, the rest is short (catalog/stock-claims.ts), and the
 * shortfall goes to the report with the orders that hold the package. Stock, or open orders'
 * claims, that would go past what a package holds (QUANTITY_MAX_MILLI) are left as they are, and
 * the changes are listed as refused. Packages are taken in id order, so two registers' batches
 * never wait on each other in a circle. `forwarded`: the orders the batch wrote.
 */
export async function applyStockChanges(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  changes: ReadonlyMap<string, StockChange>,
  forwarded: ReadonlySet<string>,
): Promise<StockExceptions> {
  const raised: StockExceptions = [];
  for (const id of [...changes.keys()].sort()) {
    const change = changes.get(id)!;
    if (change.onHand === 0 && change.reserved === 0) continue;
    if (await addsUp(tx, db, scope, id, change)) continue;
    for (const exception of await moved(tx, db, scope, id, change, forwarded)) {
      const refused = exception.kind === 'not_applied' ? change.count : 0;
      raised.push({ seq: change.seq, exception, refused });
    }
  }
  return raised;
}

const ofStore = (db: DataLayer, scope: ForwardScope) =>
  db.builder.selectFrom('locations').select('id').where('dispensary_id', '=', scope.dispensaryId);

/** The usual case, in one statement: the stock holds the change, and nothing was short. */
async function addsUp(tx: Queryable, db: DataLayer, scope: ForwardScope, id: string, c: StockChange) {
  const onHand = sql<number>`on_hand_milli + ${c.onHand}`;
  const reserved = sql<number>`reserved_milli + ${c.reserved}`;
  const changed = await tx.run(
    db.builder
      .updateTable('packages')
      .set({ on_hand_milli: onHand, reserved_milli: reserved })
      .where('id', '=', id)
      .where('location_id', 'in', ofStore(db, scope))
      .where('short_milli', '=', 0)
      .where(onHand, '>=', 0)
      .where(onHand, '<=', QUANTITY_MAX_MILLI)
      .where(reserved, '>=', 0)
      .where(reserved, '<=', onHand),
  );
  return changed > 0;
}

/** The stock does not hold it as it is: kept within what a package can hold, and what the store must know. */
async function moved(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  id: string,
  change: StockChange,
  forwarded: ReadonlySet<string>,
): Promise<NewException[]> {
  const row = await tx.first(
    db.dialect.forNoKeyUpdate(
      db.builder
        .selectFrom('packages')
        .select((e) => [
          'on_hand_milli as onHand',
          'reserved_milli as reserved',
          'short_milli as short',
          'label',
          e.selectFrom('products').select('name').whereRef('products.id', '=', 'packages.product_id').as('product'),
        ])
        .where('id', '=', id)
        .where('location_id', 'in', ofStore(db, scope)),
    ),
  );
  if (!row) {
    const detail = `${scope.name} changed the stock of a package this store does not have: refused`;
    return [{ kind: 'not_applied', packageId: id, detail }];
  }
  const before = stockOf(row);
  const what = `${row.product ?? 'a product'}${row.label ? ` (package ${row.label})` : ''}`;
  const wanted = before.onHand + change.onHand;
  const claims = before.reserved + before.short + change.reserved;
  const past = wanted > QUANTITY_MAX_MILLI ? 'the stock' : claims > QUANTITY_MAX_MILLI ? 'what open orders hold' : null;
  if (past) {
    const detail =
      `${scope.name} changed ${past} of ${what} to ${quantity(Math.max(wanted, claims))}, past the ` +
      `${QUANTITY_MAX_UNITS.toLocaleString('en-US')} a package holds: refused`;
    return [{ kind: 'not_applied', packageId: id, detail }];
  }
  const after = moveStock(before, { onHand: change.onHand, claims: change.reserved });
  await new PackageStocks(db).write(tx, id, after.stock);
  const untold = newShortfall(before, after);
  const raised: NewException[] = [];
  if (untold.sold > 0) {
    const detail =
      `${scope.name} sold ${quantity(untold.sold)} more of ${what} than the server had ` +
      '(its stock is now 0): count the package';
    raised.push({ kind: 'negative_stock', packageId: id, detail });
  }
  if (untold.short > 0) {
    const shortfall = { packageId: id, what, more: untold.short, stock: after.stock, forwarded };
    raised.push(await shortfallException(tx, db, scope, shortfall));
  }
  return raised;
}
