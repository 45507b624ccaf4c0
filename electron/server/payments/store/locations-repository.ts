import { randomUUID } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Builder, Queryable } from '../../db/query.js';

/** A stock location with the dispensary and entity it belongs to. */
export interface LocationRecord {
  id: string;
  name: string;
  dispensaryId: string;
  dispensaryShortName: string;
  organizationId: string;
  /** The dispensary's primary location: where its catalog's stock is and its tickets are sold from. */
  primary: boolean;
}

const selectLocations = (k: Builder) =>
  k
    .selectFrom('locations as l')
    .innerJoin('dispensaries as d', 'd.id', 'l.dispensary_id')
    .select([
      'l.id',
      'l.name',
      'l.dispensary_id as dispensaryId',
      'd.short_name as dispensaryShortName',
      'd.organization_id as organizationId',
      'l.is_primary as isPrimary',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectLocations>['executeTakeFirstOrThrow']>>;
const toRecord = ({ isPrimary, ...row }: Row): LocationRecord => ({ ...row, primary: isPrimary === 1 });

/** A location's name: 1 to 100 characters, trimmed. */
function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > 100) throw invalidInput('name', 'must be 1 to 100 characters');
  return trimmed;
}

/**
 * Locations of the dispensaries: the payment configuration reads them (methods and PIN pads are
 * per location), store set-up adds and renames them. A dispensary's primary location is made with
 * the dispensary (DispensaryRepository).
 */
export class LocationsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      byId: db.prepare((k, p: { id: string }) => selectLocations(k).where('l.id', '=', p.id)),
      ofDispensary: db.prepare((k, p: { dispensaryId: string }) =>
        selectLocations(k)
          .where('l.dispensary_id', '=', p.dispensaryId)
          .orderBy('l.is_primary', 'desc')
          .orderBy('l.name')
          .orderBy('l.id'),
      ),
      // Holds the dispensary while its location names are checked and one is added or renamed.
      lockDispensary: db.prepare((k, p: { id: string }) =>
        db.dialect.forNoKeyUpdate(k.selectFrom('dispensaries').select('id').where('id', '=', p.id)),
      ),
      insert: db.prepare((k, p: { id: string; dispensaryId: string; name: string }) =>
        k.insertInto('locations').values({ id: p.id, dispensary_id: p.dispensaryId, name: p.name, is_primary: 0 }),
      ),
      rename: db.prepare((k, p: { id: string; name: string }) =>
        k.updateTable('locations').set({ name: p.name }).where('id', '=', p.id),
      ),
    };
  }

  async find(q: Queryable, id: string): Promise<LocationRecord | undefined> {
    const row = await q.first(this.q.byId, { id });
    return row && toRecord(row);
  }

  /** The dispensary's locations, primary first, then by name. */
  async listForDispensary(q: Queryable, dispensaryId: string): Promise<LocationRecord[]> {
    return (await q.all(this.q.ofDispensary, { dispensaryId })).map(toRecord);
  }

  /**
   * The location `id` of `organizationId` (any entity's when omitted) and, when `dispensaryId` is
   * given, of that store; INVALID_INPUT naming `field` otherwise.
   */
  async require(
    q: Queryable,
    id: string,
    field: string,
    organizationId?: string,
    dispensaryId?: string | null,
  ): Promise<LocationRecord> {
    const location = await this.find(q, id);
    const ours =
      location &&
      (organizationId === undefined || location.organizationId === organizationId) &&
      (!dispensaryId || location.dispensaryId === dispensaryId);
    if (!ours) {
      const whose = dispensaryId ? ' of your store' : organizationId ? ' of this entity' : '';
      throw invalidInput(field, `does not name a location${whose}: ${id}`);
    }
    return location;
  }

  /** Adds a location to a dispensary, in the caller's write; its name is unique there (any case). */
  async add(tx: Queryable, dispensaryId: string, name: string): Promise<LocationRecord> {
    const id = randomUUID();
    const checked = await this.uniqueName(tx, dispensaryId, checkName(name), id);
    await tx.run(this.q.insert, { id, dispensaryId, name: checked });
    return (await this.find(tx, id))!;
  }

  /** Renames a location of the dispensary, in the caller's write. */
  async rename(tx: Queryable, dispensaryId: string, id: string, name: string): Promise<LocationRecord> {
    const checked = await this.uniqueName(tx, dispensaryId, checkName(name), id);
    const location = await this.find(tx, id);
    if (!location || location.dispensaryId !== dispensaryId) {
      throw new ServicePayError('NOT_FOUND', `no location ${id} in this dispensary`);
    }
    await tx.run(this.q.rename, { id, name: checked });
    return { ...location, name: checked };
  }

  private async uniqueName(tx: Queryable, dispensaryId: string, name: string, self: string): Promise<string> {
    await tx.first(this.q.lockDispensary, { id: dispensaryId });
    const taken = (await this.listForDispensary(tx, dispensaryId)).find(
      (location) => location.id !== self && location.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken)
      throw new ServicePayError('CONFLICT', `a location named "${taken.name}" already exists`, { field: 'name' });
    return name;
  }
}
