import { sql, type RawBuilder } from 'kysely';
import type { DataLayer } from '../../electron/server/db/data-layer.js';
import type { Queryable } from '../../electron/server/db/query.js';

/** What to generate: stores of the demo chain already loaded, products per store, orders in all. */
export interface ChainShape {
  stores: number;
  productsPerStore: number;
  orders: number;
  /** Orders are spread over this many days before `now`, newest last; some are today's. */
  days: number;
  now: Date;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DAY_MS = 86_400_000;

/** A 6-character order number from a counter, unique within its store (n < 32⁶). */
function orderNumber(n: number): string {
  let code = '';
  for (let i = 0; i < 6; i += 1) {
    code = ALPHABET[n % 32]! + code;
    n = Math.floor(n / 32);
  }
  return code;
}

/**
 * Generates a chain's catalog and a year of sales set-wise: a numbers table (one row per order,
 * with its store, time and number, filled by multi-row inserts) drives INSERT … SELECT statements
 * written once for both engines. Products are of six categories and 37 brands, most packages with
 * a cost. Orders get three lines, a status history row, a payment session and a payment (cash or
 * credit, at one of three registers, made by the store's cashier or manager) that closes the sale;
 * most are completed or paid, a few canceled (their payment voided), one in fifty refunded a line
 * two hours later: what the reports count. Returns the seconds it took.
 */
export async function generateChain(db: DataLayer, shape: ChainShape): Promise<number> {
  const started = performance.now();
  await db.write(async (tx) => {
    await createNumbers(db, tx, shape);
    for (const statement of [...catalog(shape), ...sales(shape)]) await tx.run(statement.compile(db.builder));
    await tx.run(sql`DROP TABLE bench_numbers`.compile(db.builder));
    await tx.run(sql`DROP TABLE bench_stores`.compile(db.builder));
  });
  return (performance.now() - started) / 1000;
}

/** bench_stores: the chain's stores by number; bench_numbers: one row per order to generate. */
async function createNumbers(db: DataLayer, tx: Queryable, shape: ChainShape): Promise<void> {
  await tx.run(
    sql`CREATE TABLE bench_stores (store bigint PRIMARY KEY, dispensary_id text, location_id text, address_id bigint,
        tax_class_id bigint, cashier text, manager text)`.compile(db.builder),
  );
  // Who makes the sales: the store's own cashier and manager (the organization's for the first store).
  const staff = (role: string) =>
    sql`(SELECT 'staff:' || MIN(u.id) FROM users u WHERE u.organization_id = d.organization_id AND u.role = ${role}
          AND (u.dispensary_id = d.id OR u.dispensary_id IS NULL))`;
  await tx.run(
    sql`INSERT INTO bench_stores (store, dispensary_id, location_id, address_id, tax_class_id, cashier, manager)
      SELECT ROW_NUMBER() OVER (ORDER BY d.created_at, d.short_name), d.id, l.id, d.address_id, c.id,
             ${staff('cashier')}, ${staff('manager')}
        FROM dispensaries d
        JOIN locations l ON l.dispensary_id = d.id AND l.is_primary = 1
        JOIN tax_classes c ON c.dispensary_id = d.id AND c.code = 'cannabis'`.compile(db.builder),
  );
  await tx.run(
    sql`CREATE TABLE bench_numbers (n bigint PRIMARY KEY, store bigint, at text, later text, code text)`.compile(
      db.builder,
    ),
  );
  const span = shape.days * DAY_MS;
  const first = shape.now.getTime() - span;
  const batch = 4000;
  // One number per order, and at least one per product (the catalog is made from them too).
  const count = Math.max(shape.orders, shape.stores * shape.productsPerStore);
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let n = start; n < Math.min(count, start + batch); n += 1) {
      const store = (n % shape.stores) + 1;
      // Evenly through the span, oldest first; each store's own counter gives its numbers.
      const at = first + Math.floor((Math.min(n, shape.orders - 1) / shape.orders) * span);
      // `later`: two hours on, when a refunded sale's refund is handed out.
      const later = new Date(at + 2 * 3_600_000).toISOString();
      rows.push(
        sql`(${n}, ${store}, ${new Date(at).toISOString()}, ${later}, ${orderNumber(Math.floor(n / shape.stores) + 1)})`,
      );
    }
    await tx.run(
      sql`INSERT INTO bench_numbers (n, store, at, later, code) VALUES ${sql.join(rows)}`.compile(db.builder),
    );
  }
}

/** Products and their packages: `productsPerStore` for every store, from the numbers table. */
function catalog(shape: ChainShape): RawBuilder<unknown>[] {
  const count = shape.stores * shape.productsPerStore;
  // A product's number within its store picks its category, brand and whether its cost is known.
  const j = sql`(b.n / ${sql.lit(shape.stores)})`;
  const cost = sql`CASE WHEN ${j} % 10 = 9 THEN NULL ELSE 800 + (${j} % 500) END`;
  const type = sql`CASE ${j} % 6 WHEN 0 THEN 'FLOWER' WHEN 1 THEN 'PREROLL' WHEN 2 THEN 'VAPE' WHEN 3 THEN 'EDIBLE'
    WHEN 4 THEN 'CONCENTRATE' ELSE 'BEVERAGE' END`;
  return [
    sql`INSERT INTO products (id, dispensary_id, sku, type, subtype, brand, name, size, weight, unit_type, barcodes,
        tax_class_id, deli, active, created_at, updated_at)
      SELECT 'bp-' || b.n, s.dispensary_id, 'BENCH-' || b.n, ${type}, 'Hybrid', 'Bench Brand ' || (${j} % 37),
             'Bench Product ' || b.n, '3.5g', 3.5, 'g', '', s.tax_class_id, 0, 1, b.at, b.at
        FROM bench_numbers b JOIN bench_stores s ON s.store = (b.n % ${sql.lit(shape.stores)}) + 1
       WHERE b.n < ${count}`,
    // One package in ten has no known cost (the reports' netWithoutCostCents).
    sql`INSERT INTO packages (id, product_id, location_id, unit_id, label, price_cents, discount_ppm,
        discount_description, on_hand_milli, reserved_milli, unit_cost_cents, cost_cents, cost_milli)
      SELECT 'bk-' || b.n, 'bp-' || b.n, s.location_id, 'bu-' || b.n, '1A4BENCH' || b.n, 1000 + (b.n % 4000), 0, '',
             100000000, 0, ${cost}, ${cost}, CASE WHEN ${j} % 10 = 9 THEN NULL ELSE 1000 END
        FROM bench_numbers b JOIN bench_stores s ON s.store = (b.n % ${sql.lit(shape.stores)}) + 1
       WHERE b.n < ${count}`,
  ];
}

/** Orders with three lines, status history, sessions and payments, from the numbers table. */
function sales(shape: ChainShape): RawBuilder<unknown>[] {
  // The numbers of orders (there may be more, for the catalog).
  const orders = sql`(SELECT * FROM bench_numbers WHERE n < ${sql.lit(shape.orders)})`;
  // The order's number within its store (each store's sales have every kind below).
  const m = sql`(b.n / ${sql.lit(shape.stores)})`;
  // Most orders are completed, one in ten paid and waiting for pickup, one in twenty canceled.
  const status = sql`CASE WHEN ${m} % 20 = 7 THEN 'CANCELED' WHEN ${m} % 10 = 3 THEN 'PAID' ELSE 'COMPLETED' END`;
  // Store s's products are the numbers ≡ s-1 (mod stores): line l of an order takes one of them.
  const { stores, productsPerStore } = shape;
  // Numbers written in (SQLite binds a parameter as REAL: 'bp-' || 16.0) and the sum in
  // parentheses (SQLite's || binds tighter than its arithmetic).
  const productOf = sql`'bp-' || ((${m} * 3 + l.line) % ${sql.lit(productsPerStore)} * ${sql.lit(stores)} + b.store - 1)`;
  // A cashier makes two sales in three, the manager the rest; two in three are paid cash.
  const maker = sql`CASE WHEN ${m} % 3 = 2 THEN s.manager ELSE s.cashier END`;
  const method = sql`CASE WHEN ${m} % 3 = 1 THEN 'Credit' ELSE 'Cash' END`;
  // One sale in fifty (none canceled) has a line refunded, its tax with it: 2,000 + 465.
  const refunded = sql`${m} % 50 = 11`;
  return [
    sql`INSERT INTO orders (id, dispensary_id, location_id, order_number, type, status, address_id, sub_total_cents,
        discount_cents, tier_discount_cents, tax_cents, delivery_cents, pay_by_points_cents, total_cents, eta, created_by,
        api_client_id, created_at, updated_at)
      SELECT 'bo-' || b.n, s.dispensary_id, s.location_id, b.code, 'PICKUP', ${status}, s.address_id, 6000, 0, 0, 1395, 0,
             0, 7395, 'Ready now', ${maker}, 'spc_demo', b.at, b.at
        FROM ${orders} b JOIN bench_stores s ON s.store = b.store`,
    sql`INSERT INTO order_items (id, order_id, line_index, product_id, package_id, location_id, type, subtype, brand, name,
        size, weight, unit_type, barcodes, package_label, unit_id, deli, quantity_milli, original_quantity_milli,
        refunded_quantity_milli, unit_price_cents, line_sub_total_cents, line_discount_cents, line_tax_cents,
        discount_description)
      SELECT 'bi-' || b.n || '-' || l.line, 'bo-' || b.n, l.line, p.id, k.id, s.location_id, p.type, 'Hybrid',
             p.brand, p.name, '3.5g', 3.5, 'g', '', k.label, k.unit_id, 0, 1000, 1000, 0, 2000, 2000, 0, 465, ''
        FROM ${orders} b
        JOIN bench_stores s ON s.store = b.store
        CROSS JOIN (SELECT 1 AS line UNION ALL SELECT 2 UNION ALL SELECT 3) l
        JOIN products p ON p.id = ${productOf}
        JOIN packages k ON k.product_id = p.id`,
    sql`INSERT INTO order_status_history (order_id, from_status, to_status, actor, at)
      SELECT 'bo-' || b.n, NULL, 'AWAITING_PROCESSING', 'bench', b.at FROM ${orders} b`,
    sql`INSERT INTO payment_sessions (id, organization_id, dispensary_id, order_id, channel, status, principal, reuse_key,
        original_amount_cents, tip_cents, request_json, expires_at, created_at, updated_at)
      SELECT 'bs-' || b.n, d.organization_id, s.dispensary_id, 'bo-' || b.n, 'pos', 'completed', 'staff:bench',
             'order:bo-' || b.n, 7395, 0, '{}', b.at, b.at, b.at
        FROM ${orders} b JOIN bench_stores s ON s.store = b.store JOIN dispensaries d ON d.id = s.dispensary_id`,
    sql`INSERT INTO payments (id, session_id, organization_id, dispensary_id, order_id, ticket_alpha_num_id, processor_id,
        processor_name, device_id, method, entry, status, stage, provider_trans_type, provider_payment_type,
        payment_direction, last_action, amount_cents, tip_cents, tax_cents, fee_cents, cashback_cents, charged_cents,
        tendered_cents, change_cents, refunded_cents, captured, charge_id, invoice_id, response_code, response_message,
        response_detail, reference_number, card_brand, card_last4, customer_json, employee_ref, associate_id,
        transacting_associate_id, actor, created_at, updated_at, completed_at, terminal_id, closes_sale)
      SELECT 'bpay-' || b.n, 'bs-' || b.n, d.organization_id, s.dispensary_id, 'bo-' || b.n, b.code, NULL, 'cash', NULL,
             ${method}, 'cash', CASE WHEN ${m} % 20 = 7 THEN 'voided' ELSE 'approved' END, NULL, 'cash', 'cash', 'inbound',
             'sale', 7395, 0, 1395, 0, 0, 7395, 8000, 605, CASE WHEN ${refunded} THEN 2465 ELSE 0 END, 1, NULL, NULL, '00',
             'approved', 'Cash', '000000000000', NULL, NULL, NULL, 'E1001', 'bench', NULL, ${maker}, b.at, b.at, b.at,
             'register-' || (${m} % 3 + 1), CASE WHEN ${m} % 20 = 7 THEN 0 ELSE 1 END
        FROM ${orders} b JOIN bench_stores s ON s.store = b.store JOIN dispensaries d ON d.id = s.dispensary_id`,
    sql`INSERT INTO payment_refunds (id, payment_id, amount_cents, status, response_code, response_detail, actor,
        created_at, terminal_id)
      SELECT 'br-' || b.n, 'bpay-' || b.n, 2465, 'approved', '00', 'approved', s.manager, b.later,
             'register-' || (${m} % 3 + 1)
        FROM ${orders} b JOIN bench_stores s ON s.store = b.store WHERE ${refunded}`,
  ];
}
