import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/contracts/payment.js';
import { invalidInput } from '../../../../shared/errors.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';

/** One (location, processor, method) switch of the configuration. */
export interface LocationMethodRecord {
  locationId: string;
  locationName: string;
  dispensaryShortName: string;
  organizationId: string;
  processorId: string;
  processorName: string;
  processorIsDefault: boolean;
  method: PaymentMethod;
  enabled: boolean;
}

const selectMethods = (k: Builder) =>
  k
    .selectFrom('location_payment_methods as m')
    .innerJoin('payment_processors as p', 'p.id', 'm.processor_id')
    .innerJoin('locations as l', 'l.id', 'm.location_id')
    .innerJoin('dispensaries as d', 'd.id', 'l.dispensary_id')
    .select([
      'm.location_id as locationId',
      'l.name as locationName',
      'd.short_name as dispensaryShortName',
      'd.organization_id as organizationId',
      'm.processor_id as processorId',
      'p.name as processorName',
      'p.is_default as processorIsDefault',
      'm.method',
      'm.enabled',
    ])
    .orderBy('d.short_name')
    .orderBy('l.name')
    .orderBy('p.name')
    .orderBy('m.method');

type Row = Awaited<ReturnType<ReturnType<typeof selectMethods>['executeTakeFirstOrThrow']>>;

const toRecord = (row: Row): LocationMethodRecord => ({
  ...row,
  method: row.method as PaymentMethod,
  enabled: row.enabled === 1,
  processorIsDefault: row.processorIsDefault === 1,
});

/** Checks that `value` names a payment method (spec 2.7). */
export function checkMethod(value: string, field = 'method'): PaymentMethod {
  if (!(PAYMENT_METHODS as readonly string[]).includes(value)) {
    throw invalidInput(field, `must be one of ${PAYMENT_METHODS.join(', ')}`);
  }
  return value as PaymentMethod;
}

/** Which methods each location takes, through which processor. */
export class MethodsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      upsert: db.prepare(
        (k, p: { locationId: string; processorId: string; method: string; enabled: number; at: string }) =>
          k
            .insertInto('location_payment_methods')
            .values({
              location_id: p.locationId,
              processor_id: p.processorId,
              method: p.method,
              enabled: p.enabled,
              updated_at: p.at,
            })
            .onConflict((conflict) =>
              conflict.columns(['location_id', 'processor_id', 'method']).doUpdateSet((eb) => ({
                enabled: eb.ref('excluded.enabled'),
                updated_at: eb.ref('excluded.updated_at'),
              })),
            ),
      ),
      ofOrganization: db.prepare((k, p: { organizationId: string }) =>
        selectMethods(k).where('d.organization_id', '=', p.organizationId),
      ),
      ofLocation: db.prepare((k, p: { locationId: string }) =>
        selectMethods(k).where('m.location_id', '=', p.locationId),
      ),
      all: db.prepare((k) => selectMethods(k)),
    };
  }

  /** Turns a method of a processor at a location on or off (the caller checked both belong together). */
  async set(
    tx: Queryable,
    locationId: string,
    processorId: string,
    method: PaymentMethod,
    enabled: boolean,
    now: Date,
  ): Promise<void> {
    await tx.run(this.q.upsert, { locationId, processorId, method, enabled: enabled ? 1 : 0, at: now.toISOString() });
  }

  /** Every switch of an entity, of one location, or of all entities. */
  async list(
    q: Queryable,
    filter: { organizationId?: string; locationId?: string } = {},
  ): Promise<LocationMethodRecord[]> {
    const rows = filter.locationId
      ? await q.all(this.q.ofLocation, { locationId: filter.locationId })
      : filter.organizationId
        ? await q.all(this.q.ofOrganization, { organizationId: filter.organizationId })
        : await q.all(this.q.all);
    return rows.map(toRecord).filter((row) => !filter.organizationId || row.organizationId === filter.organizationId);
  }
}
