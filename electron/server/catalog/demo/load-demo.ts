import { ServicePayError } from '../../../../shared/errors.js';
import { seedDemoLogins, type DemoLogins } from '../../auth/demo-logins.js';
import { seedDemoPayments } from '../../payments/demo/seed-demo-payments.js';
import type { ServiceContext } from '../../context.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';
import { DEMO } from './demo-catalog.js';
import { seedDemoCatalog } from './seed-demo-catalog.js';

export { DEMO } from './demo-catalog.js';

/** What loading the demo created, including the logins and API client to try it with. */
export interface DemoLoadResult {
  organizationId: string;
  dispensaryId: string;
  shortName: string;
  products: number;
  logins: DemoLogins;
}

async function hasDispensary(db: DataLayer, q: Queryable): Promise<boolean> {
  return (await q.first(db.builder.selectFrom('dispensaries').select('id').limit(1))) !== undefined;
}

/**
 * Seeds the demo organization, dispensary, taxes, catalog, logins and payment configuration into an
 * empty database, in one transaction. CONFLICT when the database already has a dispensary: the demo
 * never mixes with real data.
 */
export function loadDemoData(db: DataLayer, now: Date): Promise<DemoLoadResult> {
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
    return {
      organizationId: DEMO.organizationId,
      dispensaryId: dispensary.id,
      shortName: dispensary.shortName,
      products,
      logins,
    };
  });
}

/** Loads the demo on a first start (`--demo`); does nothing when the database has a dispensary. */
export async function loadDemoDataIfEmpty(ctx: ServiceContext): Promise<void> {
  if (await hasDispensary(ctx.db, ctx.db)) return;
  try {
    await loadDemoData(ctx.db, ctx.now());
  } catch (error) {
    // Another process seeded it between the check and the transaction: that is what we wanted.
    if (!(error instanceof ServicePayError && error.code === 'CONFLICT')) throw error;
  }
}
