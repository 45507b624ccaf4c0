import { randomUUID } from 'node:crypto';
import type { ForwardExceptionView } from '../../shared/contracts/registers.js';
import { openDataLayer } from '../../electron/server/db/open-data-layer.js';

/** An exception of the forwarding report, as the server writes one when it applies a register's change. */
export interface SeededException {
  /** The store's short name (`demo`). */
  store: string;
  /** The name of a register enrolled at that store (`front-1`). */
  register: string;
  kind: ForwardExceptionView['kind'];
  detail: string;
  at: Date;
  seq?: number;
  orderId?: string;
  packageId?: string;
}

/**
 * Writes exceptions straight into `forward_exceptions` of a database (a test's, or a running
 * service's folder), so the report's screens and commands can be checked without forwarding a sale.
 */
export async function seedForwardExceptions(
  location: { database?: string; dataDir: string },
  exceptions: readonly SeededException[],
): Promise<void> {
  const db = await openDataLayer({ ...location, poolSize: 1, listen: false });
  try {
    await db.write(async (tx) => {
      for (const [i, e] of exceptions.entries()) {
        const register = await tx.first(
          db.builder
            .selectFrom('registers as r')
            .innerJoin('dispensaries as d', 'd.id', 'r.dispensary_id')
            .select(['r.id', 'r.dispensary_id'])
            .where('d.short_name', '=', e.store)
            .where('r.name', '=', e.register),
        );
        if (!register) throw new Error(`no register ${e.register} is enrolled at ${e.store}`);
        await tx.run(
          db.builder.insertInto('forward_exceptions').values({
            id: randomUUID(),
            dispensary_id: register.dispensary_id,
            register_id: register.id,
            seq: e.seq ?? i + 1,
            kind: e.kind,
            order_id: e.orderId ?? null,
            package_id: e.packageId ?? null,
            detail: e.detail,
            record_json: null,
            at: e.at.toISOString(),
          }),
        );
      }
    });
  } finally {
    await db.close();
  }
}
