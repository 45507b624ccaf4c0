import { sql } from 'kysely';
import { QUANTITY_MAX_MILLI, QUANTITY_MAX_UNITS } from '../../../shared/numbers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';

/** Thousandths as a plain quantity: 1500 → "1.5". */
const quantity = (milli: number) => String(milli / 1000);

/** A package's stock changes in one batch, added up; `seq` is the last change's, `count` how many. */
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
 * zero here, so a sale of more than the server has leaves it at zero, and the shortfall goes to the
 * exceptions report (count the package). A reservation the stock cannot hold is held as far as it
 * goes. Stock that would go past what a package holds (QUANTITY_MAX_MILLI) is left as it is, and the
 * changes are listed as refused. Packages are taken in id order, so two registers' batches never
 * wait on each other in a circle.
 */
export async function applyStockChanges(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  changes: ReadonlyMap<string, StockChange>,
): Promise<StockExceptions> {
  const raised: StockExceptions = [];
  for (const id of [...changes.keys()].sort()) {
    const change = changes.get(id)!;
    if (change.onHand === 0 && change.reserved === 0) continue;
    const exception = (await addsUp(tx, db, scope, id, change)) ? null : await clamped(tx, db, scope, id, change);
    if (exception) {
      const refused = exception.kind === 'not_applied' ? change.count : 0;
      raised.push({ seq: change.seq, exception, refused });
    }
  }
  return raised;
}

const ofStore = (db: DataLayer, scope: ForwardScope) =>
  db.builder.selectFrom('locations').select('id').where('dispensary_id', '=', scope.dispensaryId);

/** The usual case, in one statement: the stock holds the change. */
async function addsUp(tx: Queryable, db: DataLayer, scope: ForwardScope, id: string, c: StockChange) {
  const onHand = sql<number>`on_hand_milli + ${c.onHand}`;
  const reserved = sql<number>`reserved_milli + ${c.reserved}`;
  const changed = await tx.run(
    db.builder
      .updateTable('packages')
      .set({ on_hand_milli: onHand, reserved_milli: reserved })
      .where('id', '=', id)
      .where('location_id', 'in', ofStore(db, scope))
      .where(onHand, '>=', 0)
      .where(onHand, '<=', QUANTITY_MAX_MILLI)
      .where(reserved, '>=', 0)
      .where(reserved, '<=', onHand),
  );
  return changed > 0;
}

/** The stock does not hold it: kept within what a package can hold, and what the store must know. */
async function clamped(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  id: string,
  change: StockChange,
): Promise<NewException | null> {
  const k = db.builder;
  const stock = await tx.first(
    db.dialect.forUpdate(
      k
        .selectFrom('packages')
        .select((e) => [
          'on_hand_milli as onHand',
          'reserved_milli as reserved',
          'label',
          e.selectFrom('products').select('name').whereRef('products.id', '=', 'packages.product_id').as('product'),
        ])
        .where('id', '=', id)
        .where('location_id', 'in', ofStore(db, scope)),
    ),
  );
  if (!stock) {
    return {
      kind: 'not_applied',
      packageId: id,
      detail: `${scope.name} changed the stock of a package this store does not have: refused`,
    };
  }
  const wanted = Number(stock.onHand) + change.onHand;
  const what = `${stock.product ?? 'a product'}${stock.label ? ` (package ${stock.label})` : ''}`;
  if (wanted > QUANTITY_MAX_MILLI) {
    return {
      kind: 'not_applied',
      packageId: id,
      detail:
        `${scope.name} changed the stock of ${what} to ${quantity(wanted)}, past the ` +
        `${QUANTITY_MAX_UNITS.toLocaleString('en-US')} a package holds: refused`,
    };
  }
  const onHand = Math.max(0, wanted);
  const reserved = Math.min(onHand, Math.max(0, Number(stock.reserved) + change.reserved));
  await tx.run(k.updateTable('packages').set({ on_hand_milli: onHand, reserved_milli: reserved }).where('id', '=', id));
  if (wanted >= 0) return null;
  return {
    kind: 'negative_stock',
    packageId: id,
    detail:
      `${scope.name} sold ${quantity(-wanted)} more of ${what} than the server had ` +
      '(its stock is now 0): count the package',
  };
}
