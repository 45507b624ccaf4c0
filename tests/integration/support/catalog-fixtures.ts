import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** A demo product as tests pick it. */
export interface FixtureProduct {
  id: string;
  packageId: string;
  name: string;
  deli: boolean;
  priceCents: number;
  discountPpm: number;
  onHandMilli: number;
  reservedMilli: number;
}

/** Demo products matching a SQL condition on `p` (products) and `k` (packages), by name. */
export async function products(app: FastifyInstance, condition = '1 = 1'): Promise<FixtureProduct[]> {
  const { db } = app.ctx;
  const rows = await db.all(
    db.builder
      .selectFrom('products as p')
      .innerJoin('packages as k', 'k.product_id', 'p.id')
      .innerJoin('dispensaries as d', 'd.id', 'p.dispensary_id')
      .select([
        'p.id',
        'k.id as packageId',
        'p.name',
        'p.deli',
        'k.price_cents as priceCents',
        'k.discount_ppm as discountPpm',
        'k.on_hand_milli as onHandMilli',
        'k.reserved_milli as reservedMilli',
      ])
      .where('d.short_name', '=', 'demo')
      .where('p.active', '=', 1)
      .where(sql<boolean>`${sql.raw(condition)}`)
      .orderBy('p.name'),
  );
  return rows.map((row) => ({ ...row, deli: row.deli === 1 }));
}

/** The current stock row of one product's package. */
export async function stock(
  app: FastifyInstance,
  productId: string,
): Promise<{ onHandMilli: number; reservedMilli: number }> {
  const { db } = app.ctx;
  const row = await db.first(
    db.builder
      .selectFrom('packages')
      .select(['on_hand_milli as onHandMilli', 'reserved_milli as reservedMilli'])
      .where('product_id', '=', productId),
  );
  return row!;
}

/** Test set-up: puts a package's stock at a known level with nothing reserved. */
export async function setStock(app: FastifyInstance, productId: string, onHandMilli: number): Promise<void> {
  const { db } = app.ctx;
  await db.write((tx) =>
    tx.run(
      db.builder
        .updateTable('packages')
        .set({ on_hand_milli: onHandMilli, reserved_milli: 0, short_milli: 0 })
        .where('product_id', '=', productId),
    ),
  );
}

/**
 * Counts rows of a table, to show that a refused request wrote nothing.
 */
export async function count(
  app: FastifyInstance,
  table:
    | 'orders'
    | 'order_items'
    | 'idempotency_keys'
    | 'access_tokens'
    | 'payments'
    | 'payment_sessions'
    | 'paylinks'
    | 'payment_idempotency_keys',
): Promise<number> {
  const { db } = app.ctx;
  const row = await db.first(db.builder.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')));
  return Number(row!.n);
}
