import { adjustmentDelta, type AdjustmentAsk } from '../../../shared/inventory/adjustment-change.js';
import type { AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import { ServicePayError } from '../../../shared/errors.js';
import type { Approver } from '../auth/manager-pins.js';
import { PackageStocks } from '../catalog/package-stock.js';
import { moveStock } from '../catalog/stock-claims.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import { approvedByOther } from './adjustment-approvals.js';
import type { AdjustmentListener } from './adjustment-events.js';
import { adjustmentInWords } from './adjustment-words.js';
import { staffNames } from '../auth/staff-names.js';
import type { AdjustedPackage, AdjustmentsRepository } from './adjustments-repository.js';
import { productWithSku } from '../../../shared/labels.js';

/** One adjustment to write: the package, what is asked of its stock, the reason and note, and who approves. */
export interface AdjustmentToWrite {
  pkg: AdjustedPackage;
  ask: AdjustmentAsk;
  reason: AdjustmentReason;
  note: string;
  at: Date;
  /** Who approved a change of `deltaMilli`: null where none is needed; throws where one is needed and missing. */
  approve(deltaMilli: number): Approver | null;
  /** What to throw instead when the change is refused (a count says which of its packages, and why). */
  refused?(error: ServicePayError): Error;
}

/**
 * The one write of adjustments, whoever asks for them (a person adjusting a package, a count
 * applied): in the caller's transaction, each package's stock moves (its row locked; open orders
 * keep their claims), the adjustments are recorded, and the audit trail and the listeners (the
 * state's outbox) are written. A refusal throws before anything of it is written.
 */
export class AdjustmentWriter {
  private readonly stocks: PackageStocks;
  private readonly audit: AuditRepository;

  constructor(
    private readonly db: DataLayer,
    private readonly adjustments: AdjustmentsRepository,
    private readonly listeners: readonly AdjustmentListener[] = [],
  ) {
    this.stocks = new PackageStocks(db);
    this.audit = new AuditRepository(db);
  }

  /** Writes the adjustment in `tx`; its id. */
  async write(tx: Queryable, actor: SetupActor, store: Dispensary, change: AdjustmentToWrite): Promise<string> {
    return (await this.writeMany(tx, actor, store, [change]))[0]!;
  }

  /**
   * Writes adjustments of different packages of `store` together (a count applied), in a few
   * statements whatever their number: the packages' rows read locked at once, in id order; each
   * change checked (the first refused throws, nothing written); then the stocks, the adjustments,
   * the audit trail and the listeners. Their ids, in the order of `changes`.
   */
  async writeMany(
    tx: Queryable,
    actor: SetupActor,
    store: Dispensary,
    changes: readonly AdjustmentToWrite[],
  ): Promise<string[]> {
    const stocks = await this.stocks.readMany(
      tx,
      changes.map((change) => change.pkg.packageId),
    );
    const by = actorRecord(actor);
    const written = changes.map((change) => {
      const { pkg, reason, note, at } = change;
      const before = stocks.get(pkg.packageId)!;
      let delta: number;
      try {
        delta = adjustmentDelta(change.ask, before.onHand, pkg, productWithSku(pkg.productName, pkg.sku));
      } catch (error) {
        throw change.refused && error instanceof ServicePayError ? change.refused(error) : error;
      }
      const approvedBy = change.approve(delta);
      const after = moveStock(before, { onHand: delta, claims: 0 }).stock;
      stocks.set(pkg.packageId, after);
      const row = {
        id: timeOrderedUuid(),
        dispensary_id: store.id,
        package_id: pkg.packageId,
        product_id: pkg.productId,
        package_label: pkg.label,
        delta_milli: delta,
        before_milli: before.onHand,
        after_milli: after.onHand,
        reason: reason.code,
        note,
        actor_kind: actor.kind,
        actor_id: by.id,
        actor_name: by.name,
        approved_by_id: approvedBy?.id ?? null,
        approved_by_name: approvedBy?.name ?? null,
        at: at.toISOString(),
        store_day: zonedDate(at, store.timezone),
      };
      return { change, row, delta, before, after, approvedBy };
    });
    // The audit trail names an approver other than the one who adjusted, as people know them; a
    // manager's (or the operator's) own adjustment needed no one's approval, and says none. The
    // adjustment's row keeps its approver all the same (the store's policy asked, and they could).
    const approvers = written.map(({ row, approvedBy }) =>
      approvedByOther({ kind: row.actor_kind, id: row.actor_id }, row.approved_by_id) ? approvedBy : null,
    );
    const names = await staffNames(
      this.db,
      tx,
      approvers.map((approver) => approver?.id ?? null),
    );
    const worded = written.map(({ change, row, delta, before, after }, index) => {
      const approvedBy = approvers[index];
      const words = adjustmentInWords(
        {
          ...change.pkg,
          packageLabel: change.pkg.label,
          deltaMilli: delta,
          beforeMilli: before.onHand,
          afterMilli: after.onHand,
          note: change.note,
          approvedBy: approvedBy ? (names.get(approvedBy.id) ?? approvedBy.name) : null,
        },
        change.reason,
      );
      return { change, row, words };
    });
    await this.stocks.writeMany(tx, stocks);
    await this.adjustments.insertMany(
      tx,
      written.map((w) => w.row),
    );
    await this.audit.recordMany(
      tx,
      worded.map(({ change, words }) => ({
        action: 'stock_adjusted' as const,
        actor: actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR,
        organizationId: store.organizationId,
        dispensaryId: store.id,
        at: change.at,
        reason: words,
      })),
    );
    const adjusted = written.map(({ change, row }) => ({
      adjustmentId: row.id,
      dispensaryId: store.id,
      packageLabel: change.pkg.label,
      deltaMilli: row.delta_milli,
      unitType: change.pkg.unitType,
      deli: change.pkg.deli,
      stateReason: change.reason.stateReason,
      note: change.note,
      at: row.at,
    }));
    for (const listener of this.listeners) await listener(tx, adjusted);
    return written.map((w) => w.row.id);
  }
}
