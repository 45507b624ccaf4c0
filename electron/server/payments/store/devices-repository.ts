import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { isUniqueViolation } from '../../catalog/sqlite-errors.js';
import type { Db } from '../../db/database.js';

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

type Row = Omit<DeviceRecord, 'disabled'> & { disabled: number };

const SELECT = `SELECT v.id, v.location_id AS locationId, v.processor_id AS processorId, p.name AS processorName, v.name,
    v.model, v.serial_number AS serialNumber, v.disabled, v.created_at AS createdAt
  FROM payment_devices v JOIN payment_processors p ON p.id = v.processor_id`;

const toRecord = (row: Row): DeviceRecord => ({ ...row, disabled: row.disabled === 1 });

function label(value: string, field: string, max = 100): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > max) throw invalidInput(field, `must be 1 to ${max} characters`);
  return trimmed;
}

/** PIN pads of each location and processor. */
export class DevicesRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      insert:
        db.prepare(`INSERT INTO payment_devices (id, location_id, processor_id, name, model, serial_number, created_at)
        VALUES (@id, @locationId, @processorId, @name, @model, @serialNumber, @createdAt)`),
      byId: db.prepare<[string], Row>(`${SELECT} WHERE v.id = ?`),
      ofLocation: db.prepare<[string], Row>(`${SELECT} WHERE v.location_id = ? ORDER BY v.name, v.id`),
      ofOrganization: db.prepare<[string], Row>(
        `${SELECT} WHERE p.organization_id = ? ORDER BY v.location_id, v.name, v.id`,
      ),
      all: db.prepare<[], Row>(`${SELECT} ORDER BY v.location_id, v.name, v.id`),
      disable: db.prepare<[string]>('UPDATE payment_devices SET disabled = 1 WHERE id = ?'),
    };
  }

  add(input: NewDevice, now: Date): DeviceRecord {
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
      this.statements.insert.run(device);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ServicePayError(
          'CONFLICT',
          `a PIN pad with serial number ${device.serialNumber} already exists for this processor`,
          {
            field: 'serialNumber',
          },
        );
      }
      throw error;
    }
    return this.find(device.id)!;
  }

  find(id: string): DeviceRecord | undefined {
    const row = this.statements.byId.get(id);
    return row && toRecord(row);
  }

  list(filter: { organizationId?: string; locationId?: string } = {}): DeviceRecord[] {
    const rows = filter.locationId
      ? this.statements.ofLocation.all(filter.locationId)
      : filter.organizationId
        ? this.statements.ofOrganization.all(filter.organizationId)
        : this.statements.all.all();
    return rows.map(toRecord);
  }

  /** The first enabled PIN pad of a processor at a location. */
  activeFor(locationId: string, processorId: string): DeviceRecord | undefined {
    return this.list({ locationId }).find((device) => !device.disabled && device.processorId === processorId);
  }

  disable(id: string): DeviceRecord {
    const device = this.find(id);
    if (!device) throw new ServicePayError('NOT_FOUND', `no PIN pad ${id}`);
    this.statements.disable.run(id);
    return { ...device, disabled: true };
  }
}
