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

/** A reason as a list of adjustments names it: its code and its words. */
export type ReasonWords = Pick<AdjustmentReason, 'code' | 'name'>;

/** Stock a refund by items put back (inventory/returned-stock.ts): the service writes it, nobody picks it. */
export const CUSTOMER_RETURN_REASON: ReasonWords = { code: 'customer_return', name: 'Returned by customer' };

/**
 * The reasons the service writes itself: never offered to adjust stock by hand, yet their
 * adjustments are listed, named and filtered by as the store's own are.
 */
export const SERVICE_ADJUSTMENT_REASONS: readonly ReasonWords[] = [CUSTOMER_RETURN_REASON];

/**
 * Every reason a store's adjustments may have: the store's own (`reasons`, those a person picks),
 * then the service's that the store does not name itself. The one list the adjustments' filter
 * offers, the list query takes and the list's words come from.
 */
export function listedReasons(reasons: readonly ReasonWords[]): ReasonWords[] {
  const own = new Set(reasons.map((reason) => reason.code));
  return [...reasons, ...SERVICE_ADJUSTMENT_REASONS.filter((reason) => !own.has(reason.code))];
}

/** "Waste (destroyed or unsellable)": a reason's words among `reasons`, or its code when none has it (retired). */
export function reasonName(reasons: readonly ReasonWords[], code: string): string {
  return listedReasons(reasons).find((reason) => reason.code === code)?.name ?? code;
}

/** The reason `code` names among `reasons` (any case, spaces or dashes for underscores), or undefined. */
export function findReason<R extends ReasonWords & { stateReason?: string }>(
  reasons: readonly R[],
  code: string,
): R | undefined {
  const wanted = code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return reasons.find(
    (reason) => reason.code === wanted || reason.stateReason?.toLowerCase() === code.trim().toLowerCase(),
  );
}

/** "waste (Waste (destroyed or unsellable)), damage (Damaged), …": the choices, in a refusal. */
export function reasonsInWords(reasons: readonly Pick<AdjustmentReason, 'code'>[]): string {
  return reasons.map((reason) => reason.code).join(', ');
}
