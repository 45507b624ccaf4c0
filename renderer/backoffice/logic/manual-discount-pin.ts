// The store's policy for a cashier's manual discounts (README "Manual discounts"), as the store
// settings form edits it: never, always, or above a percent of the sale — `manualDiscountPinAbove`
// null, 0 or N.

/** When a cashier's manual discounts need a manager's PIN. */
export type DiscountPinPolicy = 'never' | 'always' | 'above';

/** The form's choice: the policy, and the percent when it is `above` (null until typed). */
export interface DiscountPinChoice {
  policy: DiscountPinPolicy;
  percent: number | null;
}

/** The highest "above N %" there is: above 100 % no discount goes. */
export const DISCOUNT_PIN_PERCENT_MAX = 99;

/** The choice the stored setting stands for (a service that does not say yet: never). */
export function discountPinChoice(stored: number | null | undefined): DiscountPinChoice {
  if (stored === null || stored === undefined) return { policy: 'never', percent: null };
  if (stored === 0) return { policy: 'always', percent: null };
  return { policy: 'above', percent: stored };
}

/** The setting to save (`manualDiscountPinAbove`), or why the choice cannot be saved, in words. */
export function discountPinAbove(
  choice: DiscountPinChoice,
): { ok: true; value: number | null } | { ok: false; sentence: string } {
  if (choice.policy === 'never') return { ok: true, value: null };
  if (choice.policy === 'always') return { ok: true, value: 0 };
  const percent = choice.percent;
  if (percent === null || !Number.isInteger(percent) || percent < 1 || percent > DISCOUNT_PIN_PERCENT_MAX) {
    return {
      ok: false,
      sentence: `Manual discounts above: enter a whole percent of the sale, 1 to ${DISCOUNT_PIN_PERCENT_MAX}.`,
    };
  }
  return { ok: true, value: percent };
}

/** What the choice does, in a sentence under the fields. */
export function discountPinWords(choice: DiscountPinChoice): string {
  if (choice.policy === 'never')
    return 'Cashiers give manual discounts without a manager; each keeps its reason and who gave it.';
  if (choice.policy === 'always') {
    return (
      "Every manual discount a cashier gives needs a manager's PIN at the register, and so do reward dollars " +
      'typed there while the loyalty programme is off.'
    );
  }
  if (choice.percent === null) return 'Enter the percent of the sale above which a manager approves.';
  return (
    `A cashier's manual discounts taking more than ${choice.percent} % off a sale (together, after deals, with ` +
    "reward dollars typed at the register while the loyalty programme is off) need a manager's PIN at the register."
  );
}
