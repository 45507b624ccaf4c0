import { ServicePayError } from '../../../shared/errors.js';
import type { Permission } from '../../../shared/permissions.js';
import { DispensaryRepository, type Dispensary } from '../catalog/dispensary-repository.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Queryable } from '../db/query.js';
import { requirePermission, requireStore, type SetupActor } from './setup-actor.js';

/** Finds the store a set-up change is for, and checks that the actor may make it there. */
export class StoreAccess {
  readonly dispensaries: DispensaryRepository;

  constructor(
    readonly db: DataLayer,
    /** The clock of records' creation times. */
    readonly now: () => Date = () => new Date(),
  ) {
    this.dispensaries = new DispensaryRepository(db);
  }

  /**
   * The dispensary `shortName`, when the actor holds `permission` and may act for it: NOT_FOUND for
   * an unknown short name, FORBIDDEN for another organization's or another store than the login's.
   */
  async store(
    actor: SetupActor,
    shortName: string,
    permission: Permission = 'store:manage',
    q: Queryable = this.db,
  ): Promise<Dispensary> {
    requirePermission(actor, permission);
    const dispensary = await this.dispensaries.findByShortName(shortName, q);
    if (!dispensary) throw new ServicePayError('NOT_FOUND', `no dispensary has the short name ${shortName}`);
    requireStore(actor, dispensary);
    return dispensary;
  }
}
