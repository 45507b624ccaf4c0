import type { AdjustmentView } from '../../../shared/contracts/inventory.js';
import { reasonName, type AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import { approvedByOther } from './adjustment-approvals.js';
import type { AdjustmentRow } from './adjustments-repository.js';

/** A stored adjustment as the API answers it. */
export function toAdjustmentView(row: AdjustmentRow, reasons: readonly AdjustmentReason[]): AdjustmentView {
  return {
    adjustmentId: row.id,
    packageId: row.packageId,
    packageLabel: row.packageLabel,
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    unitType: row.unitType,
    delta: Number(row.deltaMilli) / 1000,
    quantityBefore: Number(row.beforeMilli) / 1000,
    quantityAfter: Number(row.afterMilli) / 1000,
    reason: row.reason,
    reasonName: reasonName(reasons, row.reason),
    note: row.note,
    by: row.actorName,
    byName: row.actorDisplayName ?? null,
    approvedBy: row.approvedByName,
    approvedByName: row.approverDisplayName ?? null,
    approvedByOther: approvedByOther({ kind: row.actorKind, id: row.actorId }, row.approvedById),
    at: row.at,
    storeDay: row.storeDay,
  };
}
