import type { AdjustmentView } from '../../../shared/contracts/inventory.js';
import { reasonName, type AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
import type { AdjustmentRow } from './adjustments-repository.js';
import { productWithSku } from '../../../shared/labels.js';

/** The most of an adjustment the audit trail keeps in its sentence. */
const MAX_WORDS = 500;

/** 2500 → "2.5", -3000 → "−3" (a true minus sign), with "+" for a gain when `signed`. */
export function quantityInWords(milli: number, signed = false): string {
  const units = String(Math.abs(milli) / 1000);
  if (milli < 0) return `−${units}`;
  return signed ? `+${units}` : units;
}

/**
 * The audit trail's sentence: "Blue Dream 3.5g (FLW-001), package 1A40…: −2 (5 → 3), Damaged: jar
 * dropped; approved by Maria Lopez".
 */
export function adjustmentInWords(
  adjustment: {
    productName: string;
    sku: string | null;
    packageLabel: string;
    deltaMilli: number;
    beforeMilli: number;
    afterMilli: number;
    unitType: string;
    /** Weighed at the counter: the change is in `unitType` (grams); otherwise in units. */
    deli: boolean;
    note: string;
    /** Who approved it, by name; null when nobody else did (none was asked, or a manager adjusted themselves). */
    approvedBy: string | null;
  },
  reason: AdjustmentReason,
): string {
  const a = adjustment;
  const product = productWithSku(a.productName, a.sku);
  const pkg = a.packageLabel ? `, package ${a.packageLabel}` : '';
  const unit = a.deli ? ` ${a.unitType}` : '';
  const change = `${quantityInWords(a.deltaMilli, true)}${unit} (${quantityInWords(a.beforeMilli)} → ${quantityInWords(a.afterMilli)})`;
  const note = a.note ? `: ${a.note}` : '';
  const approved = a.approvedBy ? `; approved by ${a.approvedBy}` : '';
  const words = `${product}${pkg}: ${change}, ${reason.name}${note}${approved}`;
  return words.length > MAX_WORDS ? `${words.slice(0, MAX_WORDS - 1)}…` : words;
}

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
    at: row.at,
    storeDay: row.storeDay,
  };
}
