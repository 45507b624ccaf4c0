import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';

/**
 * Every payment runs through a device configuration (spec 2.8 `paymentDeviceConfigurationId`): a PIN
 * pad for card-present methods, or one of the configurations the service keeps itself, one per
 * location and processor — card-not-present (keyed cards and bank transfers) and the cash drawer.
 */
export const DEVICE_KINDS = ['pinpad', 'card_not_present', 'cash_drawer'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The configurations the service makes itself, and how they are named. */
export const VIRTUAL_DEVICES: Record<Exclude<DeviceKind, 'pinpad'>, { name: string; model: string; serial: string }> = {
  card_not_present: { name: 'Card not present', model: 'Keyed card and bank transfer', serial: 'CNP' },
  cash_drawer: { name: 'Cash drawer', model: 'Cash in hand', serial: 'CASH' },
};

/** A payment device configuration (spec 2.8): a PIN pad, or one the service keeps itself. */
export interface DeviceRecord {
  id: string;
  kind: DeviceKind;
  locationId: string;
  processorId: string;
  processorName: string;
  name: string;
  model: string;
  serialNumber: string;
  disabled: boolean;
  createdAt: string;
}

/** What `add` needs (the caller checked that location and processor belong to one entity). */
export interface NewDevice {
  id?: string;
  locationId: string;
  processorId: string;
  name: string;
  model: string;
  serialNumber: string;
}

const selectDevices = (k: Builder) =>
  k
    .selectFrom('payment_devices as v')
    .innerJoin('payment_processors as p', 'p.id', 'v.processor_id')
    .select([
      'v.id',
      'v.kind',
      'v.location_id as locationId',
      'v.processor_id as processorId',
      'p.name as processorName',
      'v.name',
      'v.model',
      'v.serial_number as serialNumber',
      'v.disabled',
      'v.created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectDevices>['executeTakeFirstOrThrow']>>;
const toRecord = (row: Row): DeviceRecord => ({ ...row, kind: row.kind as DeviceKind, disabled: row.disabled === 1 });

/** A configuration as written. */
type NewRow = Omit<DeviceRecord, 'processorName' | 'disabled'>;

const columns = (p: NewRow) => ({
  id: p.id,
  kind: p.kind,
  location_id: p.locationId,
  processor_id: p.processorId,
  name: p.name,
  model: p.model,
  serial_number: p.serialNumber,
  created_at: p.createdAt,
});

function label(value: string, field: string, max = 100): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max) throw invalidInput(field, `must be 1 to ${max} characters`);
  return trimmed;
}

/** Device configurations of each location and processor: PIN pads, card-not-present, cash drawer. */
export class DevicesRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: NewRow) => k.insertInto('payment_devices').values(columns(p))),
      // Two instances making the same configuration at once: the unique index keeps one, the other does nothing.
      insertVirtual: db.prepare((k, p: NewRow) =>
        k
          .insertInto('payment_devices')
          .values(columns(p))
          .onConflict((conflict) => conflict.doNothing()),
      ),
      virtual: db.prepare((k, p: { locationId: string; processorId: string; kind: string }) =>
        selectDevices(k)
          .where('v.location_id', '=', p.locationId)
          .where('v.processor_id', '=', p.processorId)
          .where('v.kind', '=', p.kind),
      ),
      byId: db.prepare((k, p: { id: string }) => selectDevices(k).where('v.id', '=', p.id)),
      ofLocation: db.prepare((k, p: { locationId: string }) =>
        selectDevices(k).where('v.location_id', '=', p.locationId).orderBy('v.name').orderBy('v.id'),
      ),
      ofOrganization: db.prepare((k, p: { organizationId: string }) =>
        selectDevices(k)
          .where('p.organization_id', '=', p.organizationId)
          .orderBy('v.location_id')
          .orderBy('v.name')
          .orderBy('v.id'),
      ),
      all: db.prepare((k) => selectDevices(k).orderBy('v.location_id').orderBy('v.name').orderBy('v.id')),
      disable: db.prepare((k, p: { id: string }) =>
        k.updateTable('payment_devices').set({ disabled: 1 }).where('id', '=', p.id),
      ),
    };
  }

  async add(tx: Queryable, input: NewDevice, now: Date): Promise<DeviceRecord> {
    const device = {
      id: input.id ?? randomUUID(),
      kind: 'pinpad' as const,
      locationId: input.locationId,
      processorId: input.processorId,
      name: label(input.name, 'name'),
      model: label(input.model, 'model'),
      serialNumber: label(input.serialNumber, 'serialNumber', 64),
      createdAt: now.toISOString(),
    };
    try {
      await tx.run(this.q.insert, device);
    } catch (error) {
      if (this.db.dialect.isUniqueViolation(error)) {
        throw new ServicePayError(
          'CONFLICT',
          `a PIN pad with serial number ${device.serialNumber} already exists for this processor`,
          { field: 'serialNumber' },
        );
      }
      throw error;
    }
    return (await this.find(tx, device.id))!;
  }

  async find(q: Queryable, id: string): Promise<DeviceRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
  }

  async list(q: Queryable, filter: { organizationId?: string; locationId?: string } = {}): Promise<DeviceRecord[]> {
    const rows = filter.locationId
      ? await q.all(this.q.ofLocation, { locationId: filter.locationId })
      : filter.organizationId
        ? await q.all(this.q.ofOrganization, { organizationId: filter.organizationId })
        : await q.all(this.q.all);
    return rows.map(toRecord);
  }

  /**
   * The card-not-present or cash-drawer configuration of a processor at a location, made now when
   * the location has none yet (methods enabled, the demo loaded, a payment taken).
   */
  async ensureVirtual(
    tx: Queryable,
    locationId: string,
    processorId: string,
    kind: Exclude<DeviceKind, 'pinpad'>,
    now: Date,
  ): Promise<DeviceRecord> {
    const key = { locationId, processorId, kind };
    const found = await tx.first(this.q.virtual, key);
    if (found) return toRecord(found);
    const { name, model, serial } = VIRTUAL_DEVICES[kind];
    const serialNumber = `${serial}-${locationId}`;
    const row = { id: randomUUID(), ...key, name, model, serialNumber, createdAt: now.toISOString() };
    await tx.run(this.q.insertVirtual, row);
    return toRecord((await tx.first(this.q.virtual, key))!);
  }

  async disable(tx: Queryable, id: string): Promise<DeviceRecord> {
    const device = await this.find(tx, id);
    if (!device) throw new ServicePayError('NOT_FOUND', `no PIN pad ${id}`);
    if (device.kind !== 'pinpad') {
      throw new ServicePayError(
        'CONFLICT',
        `${device.name} is kept by the service for the methods taken without a PIN pad; disable those methods instead (servicepay methods disable)`,
      );
    }
    await tx.run(this.q.disable, { id });
    return { ...device, disabled: true };
  }
}
