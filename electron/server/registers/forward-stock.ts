import type { ForwardRecord } from '../../../shared/contracts/registers.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ForwardScope, NewException } from './forward-exceptions.js';
import { NotApplied } from './forward-rows.js';

/** Thousandths as a plain quantity: 1500 → "1.5". */
const quantity = (milli: number) => String(milli / 1000);

/**
 * Adds a register's stock change to the server's stock of the package, whatever the server has:
 * a sale made offline happened. Stock cannot go below zero here, so a sale of more than the server
 * has leaves it at zero, and the shortfall goes to the exceptions report (count the package). A
 * reservation the stock cannot hold is held as far as it goes.
 */
export async function applyStock(
  tx: Queryable,
  db: DataLayer,
  scope: ForwardScope,
  record: ForwardRecord,
): Promise<NewException[]> {
  const k = db.builder;
  const packageId = String(record.row.id);
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
        .where('id', '=', packageId)
        .where(
          'location_id',
          'in',
          k.selectFrom('locations').select('id').where('dispensary_id', '=', scope.dispensaryId),
        ),
    ),
  );
  if (!stock) throw new NotApplied(`${scope.name} changed the stock of a package this store does not have: refused`);
  const wanted = Number(stock.onHand) + (record.onHandDelta ?? 0);
  const onHand = Math.max(0, wanted);
  const reserved = Math.min(onHand, Math.max(0, Number(stock.reserved) + (record.reservedDelta ?? 0)));
  await tx.run(
    k.updateTable('packages').set({ on_hand_milli: onHand, reserved_milli: reserved }).where('id', '=', packageId),
  );
  if (wanted >= 0) return [];
  return [
    {
      kind: 'negative_stock',
      packageId,
      detail:
        `${scope.name} sold ${quantity(-wanted)} more of ${stock.product ?? 'a product'}` +
        `${stock.label ? ` (package ${stock.label})` : ''} than the server had ` +
        '(its stock is now 0): count the package',
    },
  ];
}
