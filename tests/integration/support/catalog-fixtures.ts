import type { FastifyInstance } from 'fastify';

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

const SELECT = `SELECT p.id, k.id AS packageId, p.name, p.deli, k.price_cents AS priceCents, k.discount_ppm AS discountPpm,
  k.on_hand_milli AS onHandMilli, k.reserved_milli AS reservedMilli
  FROM products p JOIN packages k ON k.product_id = p.id JOIN dispensaries d ON d.id = p.dispensary_id
  WHERE d.short_name = 'demo' AND p.active = 1`;

type Row = Omit<FixtureProduct, 'deli'> & { deli: number };

/** Demo products matching a SQL condition on `p` (products) and `k` (packages). */
export function products(app: FastifyInstance, condition = '1 = 1'): FixtureProduct[] {
  return (app.ctx.db.prepare(`${SELECT} AND ${condition} ORDER BY p.name`).all() as Row[]).map((row) => ({
    ...row,
    deli: row.deli === 1,
  }));
}

/** The current stock row of one product's package. */
export function stock(app: FastifyInstance, productId: string): { onHandMilli: number; reservedMilli: number } {
  return app.ctx.db
    .prepare('SELECT on_hand_milli AS onHandMilli, reserved_milli AS reservedMilli FROM packages WHERE product_id = ?')
    .get(productId) as { onHandMilli: number; reservedMilli: number };
}

/** Test set-up: puts a package's stock at a known level with nothing reserved. */
export function setStock(app: FastifyInstance, productId: string, onHandMilli: number): void {
  app.ctx.db
    .prepare('UPDATE packages SET on_hand_milli = ?, reserved_milli = 0 WHERE product_id = ?')
    .run(onHandMilli, productId);
}

/**
 * Counts rows of a table, to show that a refused request wrote nothing. The tests' one direct count
 * of the database (the fuzz test's too): the place to port when the data layer changes.
 */
export function count(
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
): number {
  return (app.ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
}
