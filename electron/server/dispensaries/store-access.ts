import { ServicePayError } from '../../../shared/errors.js';
import type { Permission } from '../../../shared/permissions.js';
import { DispensaryRepository } from './dispensary-repository.js';
import type { Dispensary } from './dispensary.js';
import type { DataLayer } from '../db/data-layer.js';
import { writeChangingCached } from '../db/epoch-cache.js';
import { moveReplicaVersion, versionedSetupDb } from '../db/replica-version.js';
import type { Queryable } from '../db/query.js';
import { requirePermission, requireStore, type SetupActor } from './setup-actor.js';
import type { AuditAction } from '../../../shared/contracts/audit.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';

/**
 * Finds the store a set-up change is for, and checks that the actor may make it there; and the
 * database a change is written to, which moves the replica version that change concerns.
 */
export class StoreAccess {
  readonly dispensaries: DispensaryRepository;
  /** For a change of the organization's (its processors, its logins for every store): every register refreshes. */
  readonly db: DataLayer;
  private readonly audit: AuditRepository;

  constructor(
    /**
     * For rows no register copies (webhook endpoints and deliveries, API clients, register
     * enrolments): their writes move no replica version, so no register refreshes for nothing.
     */
    readonly serverOnlyDb: DataLayer,
    /** The clock of records' creation times. */
    readonly now: () => Date = () => new Date(),
  ) {
    this.db = versionedSetupDb(serverOnlyDb);
    this.dispensaries = new DispensaryRepository(this.db);
    this.audit = new AuditRepository(serverOnlyDb);
  }

  /** Writes a set-up change of `store` to the audit trail, in its write: who (a person, or the operator), what, why. */
  audited(tx: Queryable, action: AuditAction, actor: SetupActor, store: Dispensary, at: Date, reason: string) {
    return this.audit.record(tx, {
      action,
      actor: actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR,
      organizationId: store.organizationId,
      dispensaryId: store.id,
      at,
      reason,
    });
  }

  /**
   * For a change of rows that only store `dispensaryId`'s registers copy (its settings, taxes,
   * locations, catalog, payment methods, PIN pads, printers, state reporting): only they refresh.
   */
  storeDb(dispensaryId: string): DataLayer {
    return versionedSetupDb(this.serverOnlyDb, dispensaryId);
  }

  /**
   * Writes a change of store `shortName`'s own rows (its registers alone refresh): `work` gets the
   * store as `store` finds it in the write, and the store's version moves in the same write.
   * `cached`: the rows are ones the service caches, which every instance then reads again
   * (`writeChangingCached`). `permission`: what the change needs, `store:manage` unless said.
   */
  async storeWrite<T>(
    actor: SetupActor,
    shortName: string,
    work: (tx: Queryable, store: Dispensary) => Promise<T>,
    options: { cached?: boolean; permission?: Permission } = {},
  ): Promise<T> {
    const run = async (tx: Queryable) => {
      const store = await this.store(actor, shortName, options.permission ?? 'store:manage', tx);
      const result = await work(tx, store);
      await moveReplicaVersion(this.serverOnlyDb, tx, store.id);
      return result;
    };
    return options.cached ? writeChangingCached(this.serverOnlyDb, run) : this.serverOnlyDb.write(run);
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
