import { ServicePayError } from '../../../../shared/errors.js';
import { seedDemoLogins } from '../../auth/demo-logins.js';
import { seedDemoPayments } from '../../payments/demo/seed-demo-payments.js';
import type { ServiceContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { DEMO } from './demo-catalog.js';
import { seedDemoCatalog } from './seed-demo-catalog.js';

export { DEMO } from './demo-catalog.js';

/** What loading the demo created, including the logins and API client to try it with. */
export interface DemoLoadResult {
  organizationId: string;
  dispensaryId: string;
  shortName: string;
  products: number;
  logins: ReturnType<typeof seedDemoLogins>;
}

function hasDispensary(db: Db): boolean {
  return db.prepare('SELECT 1 FROM dispensaries LIMIT 1').get() !== undefined;
}

/**
 * Seeds the demo organization, dispensary, taxes, catalog, logins and payment configuration into an
 * empty database, in one transaction. CONFLICT when the database already has a dispensary: the demo never mixes with real data.
 */
export function loadDemoData(db: Db, now: Date): DemoLoadResult {
  const load = db.transaction((): DemoLoadResult => {
    if (hasDispensary(db)) {
      throw new ServicePayError(
        'CONFLICT',
        'the database already has dispensaries; the demo loads only into an empty one',
      );
    }
    const { dispensary, products } = seedDemoCatalog(db, now);
    const logins = seedDemoLogins(db, DEMO.organizationId, now);
    seedDemoPayments(db, now);
    return {
      organizationId: DEMO.organizationId,
      dispensaryId: dispensary.id,
      shortName: dispensary.shortName,
      products,
      logins,
    };
  });
  return load.immediate();
}

/** Loads the demo on a first start (`--demo`); does nothing when the database has a dispensary. */
export async function loadDemoDataIfEmpty(ctx: ServiceContext): Promise<void> {
  if (hasDispensary(ctx.db)) return;
  try {
    loadDemoData(ctx.db, ctx.now());
  } catch (error) {
    // Another process seeded it between the check and the transaction: that is what we wanted.
    if (!(error instanceof ServicePayError && error.code === 'CONFLICT')) throw error;
  }
}
