import { invalidInput } from '../../../../shared/errors.js';
import type { DataLayer } from '../../db/data-layer.js';
import type { Queryable } from '../../db/query.js';

/** A stock location with the dispensary and entity it belongs to. */
export interface LocationRecord {
  id: string;
  name: string;
  dispensaryId: string;
  dispensaryShortName: string;
  organizationId: string;
}

/** Read-only view of locations for the payment configuration (the catalog owns the table). */
export class LocationsRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      byId: db.prepare((k, p: { id: string }) =>
        k
          .selectFrom('locations as l')
          .innerJoin('dispensaries as d', 'd.id', 'l.dispensary_id')
          .select([
            'l.id',
            'l.name',
            'l.dispensary_id as dispensaryId',
            'd.short_name as dispensaryShortName',
            'd.organization_id as organizationId',
          ])
          .where('l.id', '=', p.id),
      ),
    };
  }

  find(q: Queryable, id: string): Promise<LocationRecord | undefined> {
    return q.first(this.q.byId, { id });
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
}
