import { PAYMENT_METHODS, type PaymentMethod } from '../../../../shared/contracts/payment.js';
import { invalidInput } from '../../../../shared/errors.js';
import type { Db } from '../../db/database.js';

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

type Row = Omit<LocationMethodRecord, 'enabled' | 'processorIsDefault'> & {
  enabled: number;
  processorIsDefault: number;
};

const SELECT = `SELECT m.location_id AS locationId, l.name AS locationName, d.short_name AS dispensaryShortName,
    d.organization_id AS organizationId, m.processor_id AS processorId, p.name AS processorName,
    p.is_default AS processorIsDefault, m.method, m.enabled
  FROM location_payment_methods m
  JOIN payment_processors p ON p.id = m.processor_id
  JOIN locations l ON l.id = m.location_id
  JOIN dispensaries d ON d.id = l.dispensary_id`;
const ORDER = 'ORDER BY d.short_name, l.name, p.name, m.method';

const toRecord = (row: Row): LocationMethodRecord => ({
  ...row,
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
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      upsert: db.prepare(`INSERT INTO location_payment_methods (location_id, processor_id, method, enabled, updated_at)
        VALUES (@locationId, @processorId, @method, @enabled, @at)
        ON CONFLICT (location_id, processor_id, method) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`),
      ofOrganization: db.prepare<[string], Row>(`${SELECT} WHERE d.organization_id = ? ${ORDER}`),
      ofLocation: db.prepare<[string], Row>(`${SELECT} WHERE m.location_id = ? ${ORDER}`),
      all: db.prepare<[], Row>(`${SELECT} ${ORDER}`),
    };
  }

  /** Turns a method of a processor at a location on or off (the caller checked both belong together). */
  set(locationId: string, processorId: string, method: PaymentMethod, enabled: boolean, now: Date): void {
    this.statements.upsert.run({ locationId, processorId, method, enabled: enabled ? 1 : 0, at: now.toISOString() });
  }

  /** Every switch of an entity, of one location, or of all entities. */
  list(filter: { organizationId?: string; locationId?: string } = {}): LocationMethodRecord[] {
    const rows = filter.locationId
      ? this.statements.ofLocation.all(filter.locationId)
      : filter.organizationId
        ? this.statements.ofOrganization.all(filter.organizationId)
        : this.statements.all.all();
    return rows.map(toRecord).filter((row) => !filter.organizationId || row.organizationId === filter.organizationId);
  }
}
