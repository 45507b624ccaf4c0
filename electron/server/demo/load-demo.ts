import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { seedDemoLogins, type DemoLogins } from '../auth/demo-logins.js';
import { seedDemoPayments, seedDemoPaymentsIfMissing } from './seed-demo-payments.js';
import type { ServiceContext } from '../core/context.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { DEMO } from './demo-catalog.js';
import { MAX_DEMO_STORES, seedDemoChainStore } from './demo-chain.js';
import { seedDemoCatalog } from './seed-demo-catalog.js';

export { DEMO } from './demo-catalog.js';

/** What loading the demo created, including the logins and API client to try it with. */
export interface DemoLoadResult {
  organizationId: string;
  dispensaryId: string;
  shortName: string;
  products: number;
  logins: DemoLogins;
  /** Every store of the demo chain (the first is `demo`), each with its store-level logins. */
  stores: { shortName: string; name: string; dispensaryId: string; users: DemoLogins['users'] }[];
}

async function hasDispensary(db: DataLayer, q: Queryable): Promise<boolean> {
  return (await q.first(db.builder.selectFrom('dispensaries').select('id').limit(1))) !== undefined;
}

/**
 * Seeds the demo organization, dispensary, taxes, catalog, logins and payment configuration into an
 * empty database, in one transaction; with `stores` > 1, the demo chain: stores `demo-2`… of the
 * same organization, each with its catalog, payment configuration and store-level staff. CONFLICT
 * when the database already has a dispensary: the demo never mixes with real data.
 */
export function loadDemoData(db: DataLayer, now: Date, options: { stores?: number } = {}): Promise<DemoLoadResult> {
  const stores = options.stores ?? 1;
  if (!Number.isInteger(stores) || stores < 1 || stores > MAX_DEMO_STORES) {
    throw invalidInput('stores', `must be a whole number from 1 to ${MAX_DEMO_STORES}`);
  }
  return db.write(async (tx) => {
    if (await hasDispensary(db, tx)) {
      throw new ServicePayError(
        'CONFLICT',
        'the database already has dispensaries; the demo loads only into an empty one',
      );
    }
    const { dispensary, products } = await seedDemoCatalog(db, tx, now);
    const logins = await seedDemoLogins(db, tx, DEMO.organizationId, now);
    await seedDemoPayments(db, tx, now);
    const chain: DemoLoadResult['stores'] = [
      { shortName: dispensary.shortName, name: dispensary.name, dispensaryId: dispensary.id, users: logins.users },
    ];
    for (let n = 2; n <= stores; n += 1) {
      const store = await seedDemoChainStore(db, tx, n, now);
      const { shortName, name, id } = store.dispensary;
      chain.push({ shortName, name, dispensaryId: id, users: store.users });
    }
    return {
      organizationId: DEMO.organizationId,
      dispensaryId: dispensary.id,
      shortName: dispensary.shortName,
      products,
      logins,
      stores: chain,
    };
  });
}

/**
 * Loads the demo on a first start (`--demo`). When the database has a dispensary, only gives a demo
 * store loaded before payments existed its payment configuration.
 */
export async function loadDemoDataIfEmpty(ctx: ServiceContext): Promise<void> {
  if (await hasDispensary(ctx.db, ctx.db)) {
    await ctx.db.write((tx) => seedDemoPaymentsIfMissing(ctx.db, tx, ctx.now()));
    return;
  }
  try {
    await loadDemoData(ctx.db, ctx.now());
  } catch (error) {
    // Another process seeded it between the check and the transaction: that is what we wanted.
    if (!(error instanceof ServicePayError && error.code === 'CONFLICT')) throw error;
  }
}
