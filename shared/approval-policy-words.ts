import type { CashPolicy } from './contracts/cash-policy.js';
import { CASH_MOVEMENT_LABELS } from './labels.js';

/** What a store asks a manager's PIN for (its settings' policies), as the audit trail compares them. */
export interface ApprovalPolicies {
  cashPolicy: CashPolicy;
  /** Inventory adjustments: null none, 0 every one, N those of more than N thousandths of the unit. */
  adjustmentPinMilli: number | null;
  /** Manual discounts (and reward dollars by hand): null none, 0 every one, N over N % of a sale. */
  manualDiscountPinPercent: number | null;
}

const manualWords = (percent: number | null) =>
  percent === null ? 'none' : percent === 0 ? 'every one' : `over ${percent}% of the sale`;
const adjustmentWords = (milli: number | null) =>
  milli === null ? 'none' : milli === 0 ? 'every one' : `over ${milli / 1000} (units, or grams when weighed)`;
const movementWords = (kinds: readonly (keyof typeof CASH_MOVEMENT_LABELS)[]) =>
  kinds.length === 0 ? 'none' : kinds.map((kind) => CASH_MOVEMENT_LABELS[kind].toLowerCase()).join(', ');

/**
 * A change of what a store asks a manager's PIN for, in words, before → after, each policy that
 * moved in a sentence ("Manual discounts needing a PIN: every one → over 10% of the sale. Blind
 * close: off → on."); null when none moved.
 */
export function approvalPolicyChangeWords(before: ApprovalPolicies, after: ApprovalPolicies): string | null {
  const changes: string[] = [];
  const moved = (label: string, was: string, now: string) => {
    if (was !== now) changes.push(`${label}: ${was} → ${now}.`);
  };
  moved(
    'Manual discounts needing a PIN',
    manualWords(before.manualDiscountPinPercent),
    manualWords(after.manualDiscountPinPercent),
  );
  moved(
    'Inventory adjustments needing a PIN',
    adjustmentWords(before.adjustmentPinMilli),
    adjustmentWords(after.adjustmentPinMilli),
  );
  moved(
    'Cash movements needing a PIN',
    movementWords(before.cashPolicy.managerApproval),
    movementWords(after.cashPolicy.managerApproval),
  );
  const blind = (on: boolean) => (on ? 'on' : 'off');
  moved('Blind close', blind(before.cashPolicy.blindClose), blind(after.cashPolicy.blindClose));
  return changes.length === 0 ? null : changes.join(' ');
}
