/**
 * What a promo code is, one rule for every place that takes one: the ticket API's `promoCodes`, a
 * deal's own `code` (the API, the back office's deal form, the command line) and the POS's **Promo
 * code**. The spec sets no length, so the rule is the one the ticket API took first: no integrator's
 * code that was valid there is refused now.
 */

/** The fewest and the most characters of a promo code, spaces around it left out. */
export const PROMO_CODE_MIN = 1;
export const PROMO_CODE_MAX = 32;

/** The most characters a promo code may be sent or typed with, spaces around it included. */
export const PROMO_CODE_TYPED_MAX = 64;

/**
 * A promo code as typed, for a schema: its letters, digits, - or _, with spaces around them left
 * out (` spring10 ` is SPRING10), so only a space inside it, or a code of spaces only, is refused.
 */
export const PROMO_CODE_TYPED = `^\\s*[A-Za-z0-9_-]{${PROMO_CODE_MIN},${PROMO_CODE_MAX}}\\s*$`;

/** The rule in words, after "A promo code is" or "must be a code of". */
export const PROMO_CODE_RULE = `${PROMO_CODE_MIN} to ${PROMO_CODE_MAX} letters, digits, - or _, without spaces inside it`;

/** The refusal of a code that breaks the rule, said beside its field. */
export const PROMO_CODE_REFUSAL = `A promo code is ${PROMO_CODE_RULE}`;

const KEPT = new RegExp(`^[A-Z0-9_-]{${PROMO_CODE_MIN},${PROMO_CODE_MAX}}$`);

/** A promo code as deals store it and sales read it: trimmed, upper case. */
export function normalCode(code: string): string {
  return code.trim().toUpperCase();
}

/** True when `code`, read as `normalCode` reads it, keeps the rule. */
export const isPromoCode = (code: string): boolean => KEPT.test(normalCode(code));
