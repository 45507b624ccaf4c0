import { spawn } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import Database from 'better-sqlite3';
import { DEMO_CLIENT, login } from '../../support/demo-service.js';
import { products } from '../../support/catalog-fixtures.js';
import { execute, queryRow } from '../../../support/sql.js';
import { runServicepay } from '../../../support/cli-in-process.js';
import { SERVICEPAY_BIN } from '../../../support/service-process.js';

/**
 * Runs the CLI as a process of its own and waits for it: the service in this process goes on
 * writing meanwhile (a run in this process would wait for SQLite's lock on the thread the writes need).
 */
export function servicepayAsync(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [SERVICEPAY_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs the CLI to the end (in this process: nothing else writes meanwhile). */
export const servicepay = (args: string[]) => runServicepay(args);

/**
 * Sales at full speed until `stop()`: tickets created by four cashiers at once, half of them
 * canceled (their stock given back). Answers how many tickets were created.
 */
export async function writeLoad(
  app: FastifyInstance,
): Promise<{ next: () => Promise<void>; stop: () => Promise<number> }> {
  const token = await login(app, 'cashier', 'cashier-demo-1');
  const headers = { ...DEMO_CLIENT, authorization: `Bearer ${token}` };
  const stocked = await products(app, 'p.deli = 0');
  // Stock for any number of sales (what is reserved stays): the load never runs dry, so writes go
  // on until it is stopped.
  await execute(app, sql`UPDATE packages SET on_hand_milli = 1000000000`);
  let running = true;
  let created = 0;
  // Those waiting for the next sale to be written (`next`).
  const waiting: (() => void)[] = [];
  const worker = async (offset: number) => {
    for (let n = offset; running; n += 4) {
      const product = stocked[n % stocked.length]!;
      const response = await app.inject({
        method: 'POST',
        url: '/v2.0/dispensary/demo/ecommerce/ticket',
        headers,
        payload: { type: 'PICKUP', items: [{ productId: product.id, quantity: 1 }] },
      });
      if (response.statusCode !== 201) continue;
      created += 1;
      for (const wake of waiting.splice(0)) wake();
      if (n % 8 < 4) continue;
      await app.inject({
        method: 'POST',
        url: `/v2.0/dispensary/demo/ecommerce/ticket/${response.json<{ orderId: string }>().orderId}/cancel`,
        headers,
      });
    }
  };
  const workers = [0, 1, 2, 3].map(worker);
  return {
    /** Resolves once the load has written one more sale than now. */
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return created;
    },
  };
}

/** Orders, and stock reserved minus what unpaid orders hold: equal in any consistent copy. */
export interface Ledger {
  orders: number;
  /** Reserved stock not accounted for by open orders' lines (0 in the demo, whatever the sales). */
  unaccounted: number;
}

interface LedgerRow {
  orders: number;
  reserved: number;
  held: number;
}

const LEDGER = `SELECT
  (SELECT count(*) FROM orders) AS orders,
  (SELECT coalesce(sum(reserved_milli), 0) FROM packages) AS reserved,
  (SELECT coalesce(sum(i.quantity_milli), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
    WHERE o.status = 'AWAITING_PROCESSING') AS held`;

/** The ledger of a running service's database. */
export async function ledgerOf(app: FastifyInstance): Promise<Ledger> {
  const row = (await queryRow(app, sql.raw(LEDGER) as RawBuilder<LedgerRow>))!;
  return { orders: Number(row.orders), unaccounted: Number(row.reserved) - Number(row.held) };
}

/** The ledger of a database file (a backup, or a restored register). */
export function ledgerOfFile(file: string): Ledger {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare<[], LedgerRow>(LEDGER).get()!;
    return { orders: row.orders, unaccounted: row.reserved - row.held };
  } finally {
    db.close();
  }
}
