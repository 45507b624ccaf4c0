import { checkPriceBreaks } from '../../../shared/catalog/price-breaks.js';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { checkTags } from '../../../shared/catalog/product-tags.js';
import type { PriceBreak, ProductCreate, ProductPatch } from '../../../shared/contracts/products.js';
import { invalidInput } from '../../../shared/errors.js';
import { AMOUNT_MAX_CENTS, WEIGHT_MAX } from '../../../shared/numbers.js';
import { toMilli } from '../../../shared/quantity.js';
import { checkCannabisContent } from '../catalog/import/cannabis-fields.js';
import { parseAmount, parseText, type Parsed } from '../catalog/import/field-parsers.js';
import { DELI_UNIT_TYPE, isUnitType, isValidGtin, UNIT_TYPES } from '../catalog/product-fields.js';

/** Every field of a product as a manager sets it: a new one's input with its defaults, or one's current state with a change. */
export type ProductDraft = Required<Omit<ProductCreate, 'lowStockThreshold' | 'unitCostCents'>> & {
  lowStockThreshold: number | null;
  unitCostCents: number | null;
};

/** A new product's defaults for what its input leaves out. */
const DEFAULTS: Omit<ProductDraft, 'sku' | 'name' | 'type' | 'priceCents' | 'taxClass'> = {
  brand: '',
  subtype: '',
  size: '',
  weight: 0,
  unitType: 'each',
  deli: false,
  unitCostCents: null,
  priceBreaks: [],
  cannabisWeightMg: null,
  thcMg: null,
  cbdMg: null,
  barcodes: [],
  packageLabel: '',
  discountPercent: 0,
  discountDescription: '',
  lowStockThreshold: null,
  tags: [],
};

/** A new product's draft: its input over the defaults. */
export function newDraft(input: ProductCreate): ProductDraft {
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return { ...DEFAULTS, ...(given as ProductCreate) };
}

/** A product's draft once `patch` is applied: what the patch leaves out stays. */
export function patchedDraft(current: ProductDraft, patch: ProductPatch): ProductDraft {
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return { ...current, ...(given as ProductPatch) };
}

function valid<T>(field: string, parsed: Parsed<T>): T {
  if (!parsed.ok) throw invalidInput(field, parsed.message);
  return parsed.value;
}

const text = (field: string, value: string, max: number) => valid(field, parseText(value, max));

function required(field: string, value: string, max: number): string {
  const checked = text(field, value, max);
  if (!checked) throw invalidInput(field, 'must not be empty');
  return checked;
}

function cents(field: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0 || value > AMOUNT_MAX_CENTS) {
    throw invalidInput(field, `must be a whole number of cents from 0 to ${AMOUNT_MAX_CENTS} (1250 is $12.50)`);
  }
  return value;
}

function milligrams(field: string, value: number | null): number | null {
  return value === null ? null : valid(field, parseAmount(value, 0, 1_000_000));
}

function priceBreaks(breaks: readonly PriceBreak[], deli: boolean): PriceBreak[] {
  breaks.forEach((price, index) => {
    valid(`priceBreaks[${index}].weightMg`, parseAmount(price.weightMg, 0, 1_000_000));
    if (price.weightMg === 0) throw invalidInput(`priceBreaks[${index}].weightMg`, 'must be more than 0');
    cents(`priceBreaks[${index}].priceCents`, price.priceCents);
  });
  const checked = checkPriceBreaks(breaks, deli);
  if (checked.problem) throw invalidInput(checked.problem.field, checked.problem.message);
  return checked.breaks;
}

function barcodes(codes: readonly string[]): string[] {
  codes.forEach((code, index) => {
    if (!isValidGtin(code)) {
      throw invalidInput(
        `barcodes[${index}]`,
        `is not a GTIN-8, UPC-A, EAN-13 or GTIN-14 with a valid check digit: "${code}"`,
      );
    }
  });
  return [...new Set(codes)];
}

function tags(typed: readonly string[]): string[] {
  const checked = checkTags(typed);
  if (checked.problem) throw invalidInput(checked.problem.field, checked.problem.message);
  return checked.tags;
}

function lowStock(threshold: number | null, deli: boolean): number | null {
  if (threshold === null) return null;
  const units = valid('lowStockThreshold', parseAmount(threshold, deli ? 3 : 0, 1_000_000_000));
  return toMilli(units)!;
}

/** A promotion: its percent (and in ppm), and its words ("10% off" when none are given). */
function promotion(percent: number, description: string) {
  const checked = valid('discountPercent', parseAmount(percent, 4, 100));
  const discountPpm = Math.round(checked * 10_000);
  return {
    discountPercent: checked,
    discountPpm,
    discountDescription: discountPpm > 0 && !description ? `${checked}% off` : description,
  };
}

/**
 * Checks a whole draft by the catalog's rules (the import's, where it has them) and answers it
 * normalized: text trimmed, the type and unit as stored, barcodes and tags once each, price breaks
 * lightest first, the cannabis content an accessory or a deli item cannot have set to null. The first rule
 * broken is refused (INVALID_INPUT naming the field); the store's own rules (a SKU, a barcode or a
 * tax class) are checked where the store is read (product-admin.ts).
 */
export function checkedDraft(
  draft: ProductDraft,
): ProductDraft & { lowStockMilli: number | null; discountPpm: number } {
  const type = productTypeFrom(text('type', draft.type, 40));
  if (!type) throw invalidInput('type', `must be one of ${PRODUCT_TYPES.join(', ')}`);
  const unitType = text('unitType', draft.unitType, 10).toLowerCase();
  if (!isUnitType(unitType)) throw invalidInput('unitType', `must be one of ${UNIT_TYPES.join(', ')}`);
  if (draft.deli && unitType !== DELI_UNIT_TYPE) {
    throw invalidInput('unitType', `must be ${DELI_UNIT_TYPE} for a deli item (sold by the gram)`);
  }
  if (!Number.isFinite(draft.weight) || draft.weight < 0 || draft.weight > WEIGHT_MAX) {
    throw invalidInput('weight', `must be a number from 0 to ${WEIGHT_MAX}`);
  }
  const content = {
    type,
    deli: draft.deli,
    cannabisWeightMg: milligrams('cannabisWeightMg', draft.cannabisWeightMg) ?? undefined,
    thcMg: milligrams('thcMg', draft.thcMg) ?? undefined,
    packageLabel: 'checked apart',
  };
  const [problem] = checkCannabisContent(content as Parameters<typeof checkCannabisContent>[0]).errors;
  if (problem) throw invalidInput(problem.field === 'thc' ? 'thcMg' : 'cannabisWeightMg', problem.message);
  const cbdMg = milligrams('cbdMg', draft.cbdMg);
  if (cbdMg && type === 'ACCESSORY')
    throw invalidInput('cbdMg', 'must be empty for an accessory: accessories hold no cannabis');
  return {
    sku: required('sku', draft.sku, 64),
    name: required('name', draft.name, 200),
    brand: text('brand', draft.brand, 100),
    type,
    subtype: text('subtype', draft.subtype, 100),
    size: text('size', draft.size, 50),
    weight: draft.weight,
    unitType,
    deli: draft.deli,
    priceCents: cents('priceCents', draft.priceCents),
    unitCostCents: draft.unitCostCents === null ? null : cents('unitCostCents', draft.unitCostCents),
    priceBreaks: priceBreaks(draft.priceBreaks, draft.deli),
    taxClass: required('taxClass', draft.taxClass, 40),
    cannabisWeightMg: content.cannabisWeightMg ?? null,
    thcMg: content.thcMg ?? null,
    cbdMg: type === 'ACCESSORY' ? null : cbdMg,
    barcodes: barcodes(draft.barcodes),
    packageLabel: text('packageLabel', draft.packageLabel, 64),
    ...promotion(draft.discountPercent, text('discountDescription', draft.discountDescription, 200)),
    lowStockThreshold: draft.lowStockThreshold,
    lowStockMilli: lowStock(draft.lowStockThreshold, draft.deli),
    tags: tags(draft.tags),
  };
}
