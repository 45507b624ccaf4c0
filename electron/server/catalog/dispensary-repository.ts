import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Db } from '../db/database.js';
import { checkNewDispensary } from './dispensary-rules.js';
import { isUniqueViolation } from './sqlite-errors.js';

/** Local opening hours of one day, "HH:MM" on a 24-hour clock; `close` may be "24:00" (midnight). */
export interface OpeningHours {
  open: string;
  close: string;
}

/** An address as the ticket API renders it (spec 2.3). */
export interface AddressRecord {
  id: number;
  street: string;
  city: string;
  state: string;
  county: string | null;
  country: string | null;
  type: string | null;
  zip: string;
  comment: string;
  longitude: number | null;
  latitude: number | null;
  apt: string;
  primary: boolean;
}

/** A store: where tickets are placed, with its address, clock and primary stock location. */
export interface Dispensary {
  id: string;
  organizationId: string;
  shortName: string;
  name: string;
  timezone: string;
  preparationMinutes: number;
  /** Seven entries, Sunday first; null on a closed day. */
  openingHours: (OpeningHours | null)[];
  address: AddressRecord;
  primaryLocationId: string;
}

/** What `create` needs; ids are generated unless given (the demo uses fixed ones). */
export interface NewDispensary {
  id?: string;
  organizationId: string;
  shortName: string;
  name: string;
  timezone: string;
  preparationMinutes: number;
  openingHours: (OpeningHours | null)[];
  address: Omit<AddressRecord, 'id' | 'primary'>;
  primaryLocationId?: string;
  primaryLocationName?: string;
}

interface DispensaryRow {
  id: string;
  organization_id: string;
  short_name: string;
  name: string;
  timezone: string;
  preparation_minutes: number;
  opening_hours: string;
  primary_location_id: string | null;
  address_id: number;
  street: string;
  city: string;
  state: string;
  county: string | null;
  country: string | null;
  type: string | null;
  zip: string;
  comment: string;
  longitude: number | null;
  latitude: number | null;
  apt: string;
  is_primary: number;
}

const SELECT = `
  SELECT d.id, d.organization_id, d.short_name, d.name, d.timezone, d.preparation_minutes, d.opening_hours,
         (SELECT l.id FROM locations l WHERE l.dispensary_id = d.id AND l.is_primary = 1 ORDER BY l.id LIMIT 1)
           AS primary_location_id,
         a.id AS address_id, a.street, a.city, a.state, a.county, a.country, a.type, a.zip, a.comment,
         a.longitude, a.latitude, a.apt, a.is_primary
    FROM dispensaries d JOIN addresses a ON a.id = d.address_id`;

function toDispensary(row: DispensaryRow): Dispensary {
  const { address_id: id, is_primary: isPrimary, street, city, state, county, country, type, zip } = row;
  const { comment, longitude, latitude, apt } = row;
  return {
    id: row.id,
    organizationId: row.organization_id,
    shortName: row.short_name,
    name: row.name,
    timezone: row.timezone,
    preparationMinutes: row.preparation_minutes,
    openingHours: JSON.parse(row.opening_hours) as (OpeningHours | null)[],
    address: {
      id,
      street,
      city,
      state,
      county,
      country,
      type,
      zip,
      comment,
      longitude,
      latitude,
      apt,
      primary: isPrimary === 1,
    },
    primaryLocationId: row.primary_location_id ?? '',
  };
}

/**
 * Dispensaries with their address and primary location. Lookups by short name (one per API request)
 * are cached: this connection only changes dispensaries through `create`, and any other
 * connection's commit (the CLI) changes SQLite's `data_version`, which empties the cache.
 */
export class DispensaryRepository {
  private readonly cache = new Map<string, Dispensary>();
  private cachedVersion = -1;
  private readonly dataVersion;
  private readonly byShortName;
  private readonly byId;
  private readonly all;
  private readonly createTx;
  private readonly organizationExists;
  private readonly insertAddress;
  private readonly insertDispensary;
  private readonly insertLocation;

  constructor(db: Db) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
    this.byShortName = db.prepare<[string], DispensaryRow>(`${SELECT} WHERE d.short_name = ?`);
    this.byId = db.prepare<[string], DispensaryRow>(`${SELECT} WHERE d.id = ?`);
    this.all = db.prepare<[], DispensaryRow>(`${SELECT} ORDER BY d.short_name`);
    this.organizationExists = db.prepare<[string]>('SELECT 1 FROM organizations WHERE id = ?');
    this.insertAddress = db.prepare(
      `INSERT INTO addresses (street, city, state, county, country, type, zip, comment, longitude, latitude, apt, is_primary)
       VALUES (@street, @city, @state, @county, @country, @type, @zip, @comment, @longitude, @latitude, @apt, 1)`,
    );
    this.insertDispensary = db.prepare(
      `INSERT INTO dispensaries (id, organization_id, short_name, name, timezone, preparation_minutes, opening_hours,
                                address_id, created_at)
       VALUES (@id, @organizationId, @shortName, @name, @timezone, @preparationMinutes, @openingHours, @addressId,
               @createdAt)`,
    );
    this.insertLocation = db.prepare('INSERT INTO locations (id, dispensary_id, name, is_primary) VALUES (?, ?, ?, 1)');
    this.createTx = db.transaction((input: NewDispensary, now: Date) => this.insert(input, now));
  }

  findByShortName(shortName: string): Dispensary | undefined {
    const version = this.dataVersion.get()!;
    if (version !== this.cachedVersion) {
      this.cache.clear();
      this.cachedVersion = version;
    }
    const cached = this.cache.get(shortName);
    if (cached) return cached;
    const row = this.byShortName.get(shortName);
    const dispensary = row && toDispensary(row);
    if (dispensary) this.cache.set(shortName, dispensary);
    return dispensary;
  }

  findById(id: string): Dispensary | undefined {
    const row = this.byId.get(id);
    return row && toDispensary(row);
  }

  list(): Dispensary[] {
    return this.all.all().map(toDispensary);
  }

  /** Validates, then inserts the address, the dispensary and its primary location in one transaction. */
  create(input: NewDispensary, now: Date): Dispensary {
    this.cache.clear();
    return this.createTx(input, now);
  }

  private insert(input: NewDispensary, now: Date): Dispensary {
    const valid = checkNewDispensary(input);
    if (!this.organizationExists.get(valid.organizationId)) {
      throw invalidInput('organizationId', `does not name an organization: ${valid.organizationId}`);
    }
    if (this.byShortName.get(valid.shortName)) {
      throw new ServicePayError('CONFLICT', `a dispensary with short name ${valid.shortName} already exists`, {
        field: 'shortName',
      });
    }
    const addressId = this.insertAddress.run(valid.address).lastInsertRowid;
    const id = valid.id ?? randomUUID();
    const openingHours = JSON.stringify(valid.openingHours);
    try {
      this.insertDispensary.run({ ...valid, id, openingHours, addressId, createdAt: now.toISOString() });
      this.insertLocation.run(valid.primaryLocationId ?? randomUUID(), id, valid.primaryLocationName ?? 'Sales floor');
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServicePayError('CONFLICT', 'the dispensary or location id is taken');
      throw error;
    }
    return this.findById(id)!;
  }
}
