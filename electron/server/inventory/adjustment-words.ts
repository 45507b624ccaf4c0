import type { AdjustmentReason } from '../../../shared/inventory/adjustment-reasons.js';
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
