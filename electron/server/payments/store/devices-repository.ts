import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';

/** A PIN pad: the spec's payment device configuration. */
export interface DeviceRecord {
  id: string;
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
const toRecord = (row: Row): DeviceRecord => ({ ...row, disabled: row.disabled === 1 });

function label(value: string, field: string, max = 100): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max) throw invalidInput(field, `must be 1 to ${max} characters`);
  return trimmed;
}

/** PIN pads of each location and processor. */
export class DevicesRepository {
  private readonly q;

  constructor(private readonly db: DataLayer) {
    this.q = {
      insert: db.prepare((k, p: Omit<DeviceRecord, 'processorName' | 'disabled'>) =>
        k.insertInto('payment_devices').values({
          id: p.id,
          location_id: p.locationId,
          processor_id: p.processorId,
          name: p.name,
          model: p.model,
          serial_number: p.serialNumber,
          created_at: p.createdAt,
        }),
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

  /** The first enabled PIN pad of a processor at a location. */
  async activeFor(q: Queryable, locationId: string, processorId: string): Promise<DeviceRecord | undefined> {
    const devices = await this.list(q, { locationId });
    return devices.find((device) => !device.disabled && device.processorId === processorId);
  }

  async disable(tx: Queryable, id: string): Promise<DeviceRecord> {
    const device = await this.find(tx, id);
    if (!device) throw new ServicePayError('NOT_FOUND', `no PIN pad ${id}`);
    await tx.run(this.q.disable, { id });
    return { ...device, disabled: true };
  }
}
