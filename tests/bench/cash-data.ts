import { sql } from 'kysely';
import { DEMO } from '../../electron/server/demo/demo-catalog.js';
import type { DataLayer } from '../../electron/server/db/data-layer.js';
import type { Queryable } from '../../electron/server/db/query.js';

/** What to generate in the demo store: a year of closed shifts, and the open shift of many sales. */
export interface CashShape {
  registers: number;
  shiftsPerDay: number;
  days: number;
  /** Cash sales of the open shift of register `bench-1`, ending at `now`. */
  sales: number;
  now: Date;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SHIFT_MS = 8 * HOUR_MS;
/** The open shifts began this long before `now` (after the last closed ones ended). */
const OPEN_MS = 6 * HOUR_MS;
export const BENCH_REGISTER = (register: number) => `bench-${register}`;

async function insertRows(tx: Queryable, db: DataLayer, table: string, columns: string[], rows: unknown[][]) {
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows.slice(start, start + 500).map((row) => sql`(${sql.join(row)})`);
    await tx.run(
      sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) VALUES ${sql.join(values)}`.compile(
        db.builder,
      ),
    );
  }
}

// prettier-ignore
const SHIFT_COLUMNS = [
  'id', 'organization_id', 'dispensary_id', 'terminal_id', 'status', 'blind', 'opened_by_id', 'opened_by_name',
  'opened_at', 'float_cents', 'float_count', 'closed_by_id', 'closed_by_name', 'closed_at', 'counted_cents',
  'counted_count', 'expected_cents', 'over_short_cents', 'z_number', 'z_flows',
];

/** A year of closed shifts on every register (Z numbered 1…k each), then one open shift per register. */
function shifts(shape: CashShape): unknown[][] {
  const rows: unknown[][] = [];
  const first = shape.now.getTime() - shape.days * DAY_MS;
  // prettier-ignore
  const flows = JSON.stringify({
    float: 20000, cashTendered: 180000, changeGiven: 9000, cashBack: 2000, cashRefunds: 1000,
    paidIn: 0, paidOut: 500, safeDrops: 100000,
  });
  for (let register = 1; register <= shape.registers; register += 1) {
    let z = 0;
    for (let day = 0; day < shape.days; day += 1) {
      for (let shift = 0; shift < shape.shiftsPerDay; shift += 1) {
        z += 1;
        const opened = first + day * DAY_MS + HOUR_MS + shift * SHIFT_MS + register * 60_000;
        const over = (z % 7) - 3;
        // prettier-ignore
        rows.push([
          `bench-shift-${register}-${z}`, DEMO.organizationId, DEMO.dispensaryId, BENCH_REGISTER(register), 'closed',
          0, 'bench-cashier', 'Bench Cashier', new Date(opened).toISOString(), 20000, null, 'bench-manager',
          'Bench Manager', new Date(opened + SHIFT_MS - 60_000).toISOString(), 87500 + over, null, 87500, over, z,
          flows,
        ]);
      }
    }
    // prettier-ignore
    rows.push([
      `bench-open-${register}`, DEMO.organizationId, DEMO.dispensaryId, BENCH_REGISTER(register), 'open', 0,
      'bench-cashier', 'Bench Cashier', new Date(shape.now.getTime() - OPEN_MS).toISOString(), 20000, null, null,
      null, null, null, null, null, null, null, null,
    ]);
  }
  return rows;
}

/**
 * Generates the cash data set-wise: the shifts and Z counters by multi-row inserts, the open shift's
 * sales (orders, sessions, payments at register bench-1, one refund in a hundred) by INSERT … SELECT
 * over a numbers table, and a safe drop every 500 sales. Returns the seconds it took.
 */
export async function generateCash(db: DataLayer, shape: CashShape): Promise<number> {
  const started = performance.now();
  await db.write(async (tx) => {
    await insertRows(tx, db, 'cash_shifts', SHIFT_COLUMNS, shifts(shape));
    const counters = Array.from({ length: shape.registers }, (_, i) => [
      DEMO.dispensaryId,
      BENCH_REGISTER(i + 1),
      shape.days * shape.shiftsPerDay,
    ]);
    await insertRows(tx, db, 'cash_z_counters', ['dispensary_id', 'terminal_id', 'last'], counters);
    await tx.run(sql`CREATE TABLE bench_sales (n bigint PRIMARY KEY, at text, code text)`.compile(db.builder));
    const opened = shape.now.getTime() - OPEN_MS;
    const sales = Array.from({ length: shape.sales }, (_, n) => [
      n,
      new Date(opened + 60_000 + Math.floor((n / shape.sales) * (OPEN_MS - 120_000))).toISOString(),
      `X${String(n).padStart(5, '0')}`,
    ]);
    await insertRows(tx, db, 'bench_sales', ['n', 'at', 'code'], sales);
    const drops = sales
      .filter(([n]) => (n as number) % 500 === 499)
      .map(([n, at]) => [
        `bench-drop-${n}`,
        'bench-open-1',
        'safe_drop',
        50000,
        'Drawer over $500',
        'bench-cashier',
        'Bench Cashier',
        at,
      ]);
    const movementColumns = ['id', 'shift_id', 'kind', 'amount_cents', 'reason', 'actor_id', 'actor_name', 'at'];
    await insertRows(tx, db, 'cash_movements', movementColumns, drops);
    for (const statement of salesStatements()) await tx.run(statement.compile(db.builder));
    await tx.run(sql`DROP TABLE bench_sales`.compile(db.builder));
  });
  return (performance.now() - started) / 1000;
}

/** A sale's $13.95 of tax by layer, as a ticket keeps it. */
const TAX_LAYERS = JSON.stringify([
  { name: 'California cannabis excise tax', amount: 900 },
  { name: 'State sales tax', amount: 435 },
  { name: 'Local sales tax', amount: 60 },
]);

/** The open shift's cash sales at bench-1: an order, a session and a payment each; a $5 cash refund in a hundred. */
function salesStatements() {
  const store = sql`FROM bench_sales b JOIN dispensaries d ON d.id = ${DEMO.dispensaryId}
    JOIN locations l ON l.dispensary_id = d.id AND l.is_primary = 1`;
  return [
    sql`INSERT INTO orders (id, dispensary_id, location_id, order_number, type, status, address_id, sub_total_cents,
        discount_cents, tier_discount_cents, tax_cents, delivery_cents, pay_by_points_cents, total_cents, eta, created_by,
        api_client_id, tax_layers, created_at, updated_at)
      SELECT 'xo-' || b.n, d.id, l.id, b.code, 'PICKUP', 'COMPLETED', d.address_id, 6000, 0, 0, 1395, 0, 0, 7395,
             'Ready now', 'bench', 'spc_demo', ${TAX_LAYERS}, b.at, b.at ${store}`,
    sql`INSERT INTO payment_sessions (id, organization_id, dispensary_id, order_id, channel, status, principal, reuse_key,
        original_amount_cents, tip_cents, request_json, expires_at, created_at, updated_at)
      SELECT 'xs-' || b.n, d.organization_id, d.id, 'xo-' || b.n, 'pos', 'completed', 'staff:bench', 'order:xo-' || b.n,
             7395, 0, '{}', b.at, b.at, b.at ${store}`,
    sql`INSERT INTO payments (id, session_id, organization_id, dispensary_id, order_id, ticket_alpha_num_id, processor_id,
        processor_name, device_id, method, entry, status, stage, provider_trans_type, provider_payment_type,
        payment_direction, last_action, amount_cents, tip_cents, tax_cents, fee_cents, cashback_cents, charged_cents,
        tendered_cents, change_cents, refunded_cents, captured, charge_id, invoice_id, response_code, response_message,
        response_detail, reference_number, card_brand, card_last4, customer_json, employee_ref, associate_id,
        transacting_associate_id, actor, created_at, updated_at, completed_at, terminal_id, shift_id, closes_sale)
      SELECT 'xpay-' || b.n, 'xs-' || b.n, d.organization_id, d.id, 'xo-' || b.n, b.code, NULL, 'cash', NULL, 'Cash',
             'cash', 'approved', NULL, 'cash', 'cash', 'inbound', 'sale', 7395, 0, 1395, 0, 0, 7395, 8000, 605,
             CASE WHEN b.n % 100 = 42 THEN 500 ELSE 0 END, 1, NULL, NULL, '00', 'approved', 'Cash', '000000000000', NULL,
             NULL, NULL, 'E1001', 'bench', NULL, 'staff:bench', b.at, b.at, b.at, 'bench-1', 'bench-open-1', 1 ${store}`,
    sql`INSERT INTO payment_refunds (id, payment_id, amount_cents, status, response_code, response_detail, actor,
        created_at, terminal_id, shift_id)
      SELECT 'xr-' || b.n, 'xpay-' || b.n, 500, 'approved', '00', 'approved', 'staff:bench', b.at, 'bench-1', 'bench-open-1'
        FROM bench_sales b WHERE b.n % 100 = 42`,
  ];
}
