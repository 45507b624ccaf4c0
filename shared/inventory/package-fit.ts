/**
 * Which products can take a package of a delivery (README "Receiving"): a product sold by the gram
 * (a deli item) takes a package counted in grams, one sold by the unit a package counted in units;
 * none takes one counted in millilitres. The preview's suggestions and the receipt's decisions are
 * checked by this one rule.
 */
import type { ManifestUnit } from './manifest-types.js';

const COUNTED: Record<ManifestUnit, string> = {
  each: 'by the unit',
  grams: 'in grams',
  milliliters: 'in millilitres',
};

/**
 * Why a product sold by the gram (`deli`) or by the unit cannot take a package counted in `unit`, in
 * words ("sells by the unit, but this package is counted in grams", the package named as `named`);
 * null when it can.
 */
export function unitMismatch(unit: ManifestUnit, deli: boolean, named = 'this package'): string | null {
  if (unit !== 'milliliters' && (unit === 'grams') === deli) return null;
  return `sells ${deli ? 'by the gram' : 'by the unit'}, but ${named} is counted ${COUNTED[unit]}`;
}
