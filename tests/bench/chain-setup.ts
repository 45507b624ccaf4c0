import { sql } from 'kysely';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';
import { demoToken, runCli } from './bench-cli.js';
import { generateChain, type ChainShape } from './chain-data.js';

/** A database the benches load: `openDataLayer`'s options and the CLI's arguments for the same one. */
export interface BenchDatabase {
  database: { database?: string; dataDir: string };
  dbArgs: string[];
}

/** A throwaway PostgreSQL cluster sized for the chain: a big WAL and buffers, no checkpoint mid-load. */
export const CHAIN_CLUSTER_SETTINGS = { max_wal_size: '8GB', checkpoint_timeout: '30min', shared_buffers: '1GB' };

/** The chain (PostgreSQL): 100 stores × 2,000 products and BENCH_CHAIN_ORDERS orders (1,000,000) over a year. */
export const chainShape = (now: Date): ChainShape => ({
  stores: 100,
  productsPerStore: 2000,
  orders: Number(process.env.BENCH_CHAIN_ORDERS ?? 1_000_000),
  days: 365,
  now,
});

/** One register's year (SQLite): BENCH_REGISTER_ORDERS orders (150,000). */
export const registerShape = (now: Date): ChainShape => ({
  stores: 1,
  productsPerStore: 2000,
  orders: Number(process.env.BENCH_REGISTER_ORDERS ?? 150_000),
  days: 365,
  now,
});

/**
 * The demo chain loaded through the CLI with `shape.stores` stores, `shape`'s catalog and sales
 * generated set-wise, and the engine's statistics taken: seconds generating and in all, and the
 * orders stored.
 */
export async function loadChain(
  { database, dbArgs }: BenchDatabase,
  shape: ChainShape,
): Promise<{ generated: number; loadSeconds: number; orders: number }> {
  const started = performance.now();
  runCli(dbArgs, 'demo', 'load', '--stores', String(shape.stores));
  const db = await openDataLayer(database);
  try {
    const generated = await generateChain(db, shape);
    await db.write((tx) => tx.run(sql`ANALYZE`.compile(db.builder)));
    const counts = await db.first(
      db.builder.selectFrom('orders').select((eb) => [eb.fn.countAll<number>().as('orders')]),
    );
    return { generated, loadSeconds: (performance.now() - started) / 1000, orders: Number(counts!.orders) };
  } finally {
    await db.close();
  }
}

/** What the benches send: the demo chain manager's bearer token (every store) and the demo client's credentials. */
export async function managerHeaders(url: string): Promise<Record<string, string>> {
  return {
    authorization: `Bearer ${await demoToken(url, 'manager', 'manager-demo-1')}`,
    client_id: 'spc_demo',
    client_secret: 'sps_demo_secret_change_me',
  };
}
