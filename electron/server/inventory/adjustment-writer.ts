import { adjustmentDelta, type AdjustmentAsk } from '../../../shared/inventory/adjustment-change.js';
import type { AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import { zonedDate } from '../../../shared/zoned-day.js';
import type { Approver } from '../auth/manager-pins.js';
import { PackageStocks } from '../catalog/package-stock.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';
import type { DataLayer } from '../db/data-layer.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { actorRecord, type SetupActor } from '../dispensaries/setup-actor.js';
import type { AdjustmentListener } from './adjustment-events.js';
import { adjustmentInWords } from './adjustment-words.js';
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
}

/**
 * The one write of an adjustment, whoever asks for it (a person adjusting a package, a count
 * applied): in the caller's transaction, the package's stock moves (its row locked; open orders keep
 * their claims), the adjustment is recorded, and the audit trail and the listeners (the state's
 * outbox) are written. A refusal throws before anything of it is written.
 */
export class AdjustmentWriter {
  private readonly stocks: PackageStocks;
  private readonly audit: AuditRepository;

  constructor(
    db: DataLayer,
    private readonly adjustments: AdjustmentsRepository,
    private readonly listeners: readonly AdjustmentListener[] = [],
  ) {
    this.stocks = new PackageStocks(db);
    this.audit = new AuditRepository(db);
  }

  /** Writes the adjustment in `tx`; its id. */
  async write(tx: Queryable, actor: SetupActor, store: Dispensary, change: AdjustmentToWrite): Promise<string> {
    const { pkg, reason, note, at } = change;
    // The row is locked until the write ends: a sale or another adjustment waits for this one.
    const before = (await this.stocks.read(tx, pkg.packageId))!;
    const what = productWithSku(pkg.productName, pkg.sku);
    const delta = adjustmentDelta(change.ask, before.onHand, pkg, what);
    const approvedBy = change.approve(delta);
    const moved = (await this.stocks.move(tx, pkg.packageId, { onHand: delta, claims: 0 }))!;
    const id = timeOrderedUuid();
    const afterMilli = moved.after.stock.onHand;
    const by = actorRecord(actor);
    await this.adjustments.insert(tx, {
      id,
      dispensary_id: store.id,
      package_id: pkg.packageId,
      product_id: pkg.productId,
      package_label: pkg.label,
      delta_milli: delta,
      before_milli: before.onHand,
      after_milli: afterMilli,
      reason: reason.code,
      note,
      actor_kind: actor.kind,
      actor_id: by.id,
      actor_name: by.name,
      approved_by_id: approvedBy?.id ?? null,
      approved_by_name: approvedBy?.name ?? null,
      at: at.toISOString(),
      store_day: zonedDate(at, store.timezone),
    });
    const words = adjustmentInWords(
      {
        ...pkg,
        packageLabel: pkg.label,
        deltaMilli: delta,
        beforeMilli: before.onHand,
        afterMilli,
        note,
        approvedBy: approvedBy?.name ?? null,
      },
      reason,
    );
    await this.audit.record(tx, {
      action: 'stock_adjusted',
      actor: actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR,
      organizationId: store.organizationId,
      dispensaryId: store.id,
      at,
      reason: words,
    });
    const { unitType, deli } = pkg;
    for (const listener of this.listeners) {
      await listener(tx, {
        adjustmentId: id,
        dispensaryId: store.id,
        packageLabel: pkg.label,
        deltaMilli: delta,
        unitType,
        deli,
        stateReason: reason.stateReason,
        note,
        at: at.toISOString(),
      });
    }
    return id;
  }
}
