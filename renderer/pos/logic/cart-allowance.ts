import { complianceCategory, limitLineOf } from '../../../shared/catalog/limit-measures';
import {
  allowances,
  checkLine,
  needsIdCheck,
  type GroupAllowance,
  type LimitInput,
  type LimitLine,
  type StateProfile,
} from '../../../shared/compliance';
import type { Allowance } from '../../../shared/contracts/customers';
import type { CatalogProduct } from './catalog-product';

/**
 * The purchase limits at the register, computed as the cart changes with the same shared rules the
 * service applies at ticket creation (shared/compliance): the customer's allowance from the service
 * (what they bought earlier today at every register and online) plus the cart's lines.
 */

/** A cart line as the limits need it: a product and its count (or its grams, for a deli product). */
export interface MeasuredLine {
  product: Pick<CatalogProduct, 'productId' | 'name' | 'type' | 'deli' | 'cannabisWeightMg' | 'thcMg'>;
  quantity: number;
}

type Measured = { ok: true; line: LimitLine } | { ok: false; reason: string };

/** Thousandths of a unit (milligrams of a deli product), as orders count them. */
const milli = (quantity: number) => Math.round(quantity * 1000);

function measured(line: MeasuredLine, profile: StateProfile): Measured {
  const { product } = line;
  const result = limitLineOf({ ...product, name: product.name }, milli(line.quantity), profile);
  return result.ok ? result : { ok: false, reason: result.reason };
}

/** The limits' input for `allowance` with these cart lines; lines the catalog cannot measure are left out. */
function inputOf(allowance: Allowance, profile: StateProfile, lines: readonly MeasuredLine[]): LimitInput {
  const cart = lines.flatMap((line) => {
    const result = measured(line, profile);
    return result.ok ? [result.line] : [];
  });
  return { profile, customer: allowance.customer, alreadyBought: allowance.purchases, cart };
}

/** Each group's limit, bought earlier, in the cart and remaining, as the cart stands. */
export function liveAllowances(allowance: Allowance, lines: readonly MeasuredLine[]): GroupAllowance[] {
  return allowances(inputOf(allowance, allowance.profile, lines));
}

/**
 * Why the cart may not hold `quantity` of `product` (its line set to it, or added), in words; null
 * when it may. Lowering a line is always allowed: it never takes the customer further over.
 */
export function limitRefusal(
  allowance: Allowance,
  lines: readonly MeasuredLine[],
  candidate: MeasuredLine,
): string | null {
  // The state profile the service computed the allowance with, whole: the register counts by the same rules.
  const { profile } = allowance;
  const current = lines.find((line) => line.product.productId === candidate.product.productId);
  // What the change adds to the cart as it stands: the refusal then says what is left of it.
  const added = Math.round((candidate.quantity - (current?.quantity ?? 0)) * 1000) / 1000;
  if (added <= 0) return null;
  const measuredCandidate = measured({ product: candidate.product, quantity: added }, profile);
  if (!measuredCandidate.ok) return `Refused: ${measuredCandidate.reason}`;
  const check = checkLine(inputOf(allowance, profile, lines), measuredCandidate.line);
  if (check.allowed) return null;
  return `Refused: ${check.reason.charAt(0).toLowerCase()}${check.reason.slice(1)}`;
}

/** Whether a sale of these lines needs a customer with a checked ID under `profile`. */
export function saleNeedsId(profile: StateProfile, lines: readonly MeasuredLine[]): boolean {
  if (lines.length === 0) return false;
  const categories = lines.map((line) => complianceCategory(line.product) ?? line.product.type);
  return needsIdCheck(profile, categories, true);
}
