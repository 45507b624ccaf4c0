/**
 * Why a package's stock was changed by hand (README "Inventory adjustments"). A state that names
 * its reasons does so in its compliance profile (`adjustmentReasons`, Metrc's names for
 * `packages/adjust`); a store without a profile uses DEFAULT_ADJUSTMENT_REASONS.
 */

/** One reason: its code (what the API and the CLI take), words for people, and the state's name for it. */
export interface AdjustmentReason {
  /** `waste`, `entry_error`: lower case, what requests name. */
  code: string;
  /** "Waste (destroyed or unsellable)": what people read. */
  name: string;
  /** What the state system calls it (Metrc's AdjustmentReason): "Waste". */
  stateReason: string;
  /** True when the state (or the store) wants a note saying what happened. */
  noteRequired: boolean;
}

/** The reasons of a store with no state profile: the usual ones of Metrc states, in their words. */
export const DEFAULT_ADJUSTMENT_REASONS: readonly AdjustmentReason[] = [
  { code: 'waste', name: 'Waste (destroyed or unsellable)', stateReason: 'Waste', noteRequired: false },
  { code: 'damage', name: 'Damaged', stateReason: 'Damage', noteRequired: false },
  { code: 'theft', name: 'Theft or loss', stateReason: 'Theft', noteRequired: true },
  { code: 'entry_error', name: 'Entry error (a quantity typed wrong)', stateReason: 'Entry Error', noteRequired: true },
  { code: 'scale_variance', name: 'Scale variance', stateReason: 'Scale Variance', noteRequired: false },
  { code: 'drying', name: 'Drying (moisture loss)', stateReason: 'Drying', noteRequired: false },
  { code: 'count', name: 'Inventory count', stateReason: 'Inventory Audit', noteRequired: false },
];

/** The reason `code` names among `reasons` (any case, spaces or dashes for underscores), or undefined. */
export function findReason(reasons: readonly AdjustmentReason[], code: string): AdjustmentReason | undefined {
  const wanted = code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return reasons.find(
    (reason) => reason.code === wanted || reason.stateReason.toLowerCase() === code.trim().toLowerCase(),
  );
}

/** "waste (Waste (destroyed or unsellable)), damage (Damaged), …": the choices, in a refusal. */
export function reasonsInWords(reasons: readonly AdjustmentReason[]): string {
  return reasons.map((reason) => reason.code).join(', ');
}
