import { complianceCategory, measuresCounted } from '../../../../shared/catalog/limit-measures.js';
import { isCannabisType, isProductType } from '../../../../shared/catalog/product-types.js';
import type { StateProfile } from '../../../../shared/compliance/index.js';
import { categoryLabel } from '../../../../shared/labels.js';
import type { ProductUpsert } from '../product-upsert.js';
import type { CannabisContent } from '../../../../shared/catalog/limit-measures.js';
import { parseAmount, type Parsed } from './field-parsers.js';
import type { FieldError } from './field-error.js';

/** The most cannabis one unit may hold: 1 kg (a pound of flower is 453.592 g). */
const MAX_CANNABIS_GRAMS = 1_000;

/** `cannabisWeight`: grams with up to 3 decimals (a label's "3.5 g", "0.5 g"), stored as milligrams. */
export function parseCannabisWeight(raw: unknown): Parsed<number> {
  const grams = parseAmount(raw, 3, MAX_CANNABIS_GRAMS);
  if (!grams.ok) return { ok: false, message: `${grams.message} (grams, such as 3.5)` };
  return { ok: true, value: Math.round(grams.value * 1000) };
}

/** `thc`: whole milligrams (a label's "100 mg THC"). */
export function parseThc(raw: unknown): Parsed<number> {
  const mg = parseAmount(raw, 0, MAX_CANNABIS_GRAMS * 1000);
  if (!mg.ok) return { ok: false, message: `${mg.message} (milligrams of THC, such as 100)` };
  return { ok: true, value: mg.value };
}

/**
 * The rules of a row's cannabis content, once its type and deli flag are read: refusals (`errors`)
 * for values that cannot be right, and a warning for a cannabis product without its package tag.
 * An accessory's content is set to null, and so is a deli item's cannabis weight (the weight sold
 * counts); otherwise an empty value stays undefined: the product keeps what it has.
 */
export function checkCannabisContent(row: ProductUpsert): { errors: FieldError[]; warnings: FieldError[] } {
  const errors: FieldError[] = [];
  const warnings: FieldError[] = [];
  if (!isProductType(row.type)) return { errors, warnings };
  if (!isCannabisType(row.type)) {
    for (const [field, value] of [
      ['cannabisWeight', row.cannabisWeightMg],
      ['thc', row.thcMg],
    ] as const) {
      if (value) errors.push({ field, message: 'must be empty for an accessory: accessories hold no cannabis' });
    }
    Object.assign(row, { cannabisWeightMg: null, thcMg: null });
    return { errors, warnings };
  }
  const weight = row.cannabisWeightMg;
  if (row.deli) {
    if (weight !== undefined) {
      errors.push({
        field: 'cannabisWeight',
        message: 'must be empty for a deli item: the weight sold is its cannabis weight',
      });
    }
    row.cannabisWeightMg = null;
  } else if (weight === 0) {
    errors.push({
      field: 'cannabisWeight',
      message: 'must be more than 0 for a cannabis product (leave it empty if not known yet)',
    });
  }
  const thcLimit = row.deli ? 1_000 : weight;
  if (row.thcMg !== undefined && row.thcMg !== null && thcLimit && row.thcMg > thcLimit) {
    const of = row.deli
      ? 'one gram (1000 mg): a deli item\u2019s THC is per gram'
      : `the cannabis weight (${thcLimit} mg)`;
    errors.push({ field: 'thc', message: `is more than ${of}; THC is in milligrams, the cannabis weight in grams` });
  }
  if (!row.packageLabel) {
    warnings.push({
      field: 'packageLabel',
      message: 'is empty: a cannabis product is sold only with its package tag (the state\u2019s seed-to-sale label)',
    });
  }
  return { errors, warnings };
}

/**
 * What a cannabis product will lack for the limits once written (`stored`: what it has now, kept for
 * an empty value): the measures the store's state profile counts its category by.
 */
export function missingMeasures(
  row: ProductUpsert,
  stored: CannabisContent | undefined,
  profile: StateProfile,
): FieldError[] {
  const category = complianceCategory(row);
  if (!category || !isCannabisType(row.type)) return [];
  const counted = measuresCounted(profile, category);
  const kind = categoryLabel(row.type).toLowerCase();
  const counts = (measure: string) =>
    `is empty: ${profile.stateName} counts ${kind} toward the purchase limits by ${measure}, so a sale needs it`;
  const warnings: FieldError[] = [];
  const weight = row.cannabisWeightMg === undefined ? (stored?.cannabisWeightMg ?? null) : row.cannabisWeightMg;
  const thc = row.thcMg === undefined ? (stored?.thcMg ?? null) : row.thcMg;
  if (counted.has('weight') && !row.deli && weight === null) {
    warnings.push({ field: 'cannabisWeight', message: counts('cannabis weight') });
  }
  if (counted.has('thc') && thc === null) warnings.push({ field: 'thc', message: counts('THC') });
  return warnings;
}
