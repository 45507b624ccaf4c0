import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import type { ReplicaRow } from './replica-tables.js';

/**
 * The same person added as a customer at a register and at the server (or at two registers) while
 * they did not see each other: one customer per ID at a store, so the server keeps the customer it
 * has, and the register's id stands for it from then on (in the orders it forwards, so the
 * customer's purchases, and their limits, add up under one customer).
 */
export class ForwardCustomers {
  constructor(private readonly db: DataLayer) {}

  /** True when the register's customer is the server's under another id (noted as its alias): not written. */
  async knownAsAnother(tx: Queryable, row: ReplicaRow): Promise<boolean> {
    const k = this.db.builder;
    const same = await tx.first(
      k
        .selectFrom('customers')
        .select('id')
        .where('dispensary_id', '=', String(row.dispensary_id))
        .where('id_jurisdiction', '=', String(row.id_jurisdiction))
        .where('id_number', '=', String(row.id_number))
        .where('id', '<>', String(row.id)),
    );
    if (!same) return false;
    await tx.run(
      k
        .insertInto('customer_aliases')
        .values({ alias_id: String(row.id), customer_id: same.id, dispensary_id: String(row.dispensary_id) })
        .onConflict((c) => c.column('alias_id').doNothing()),
    );
    return true;
  }

  /** The server's customer an order of the register names (itself, or the one its id stands for). */
  async resolve(tx: Queryable, customerId: string | number | null | undefined): Promise<string | null> {
    if (customerId === null || customerId === undefined) return null;
    const alias = await tx.first(
      this.db.builder.selectFrom('customer_aliases').select('customer_id').where('alias_id', '=', String(customerId)),
    );
    return alias?.customer_id ?? String(customerId);
  }
}
