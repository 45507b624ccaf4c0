import { invalidInput } from '../../../../shared/errors.js';
import type { Db } from '../../db/database.js';

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
  private readonly byId;

  constructor(db: Db) {
    this.byId = db.prepare<[string], LocationRecord>(
      `SELECT l.id, l.name, l.dispensary_id AS dispensaryId, d.short_name AS dispensaryShortName,
              d.organization_id AS organizationId
         FROM locations l JOIN dispensaries d ON d.id = l.dispensary_id WHERE l.id = ?`,
    );
  }

  find(id: string): LocationRecord | undefined {
    return this.byId.get(id);
  }

  /** The location `id` of `organizationId` (any entity's when omitted), or INVALID_INPUT naming `field`. */
  require(id: string, field: string, organizationId?: string): LocationRecord {
    const location = this.find(id);
    if (!location || (organizationId !== undefined && location.organizationId !== organizationId)) {
      throw invalidInput(field, `does not name a location${organizationId ? ' of this entity' : ''}: ${id}`);
    }
    return location;
  }
}
