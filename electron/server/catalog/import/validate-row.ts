import type { ProductUpsert } from '../product-upsert.js';
import { PRODUCT_TYPES, productTypeFrom } from '../../../../shared/catalog/product-types.js';
import { BARCODE_SEPARATOR, DELI_UNIT_TYPE, isUnitType, UNIT_TYPES } from '../product-fields.js';
import {
  parseAmount,
  parseBarcodes,
  parseBoolean,
  parsePrice,
  parseTags,
  parseText,
  parseUuid,
  type Parsed,
} from './field-parsers.js';
import { checkCannabisContent, parseCannabisWeight, parseThc } from './cannabis-fields.js';
import { canonicalField, REQUIRED_FIELDS, type ImportField } from './import-types.js';
import type { FieldError } from './field-error.js';
import { leftOut, percentOff } from './kept-columns.js';

const MAX_PRICE_CENTS = 100_000_000; // $1,000,000.00
const MAX_QUANTITY = 1_000_000_000;

function productType(raw: unknown): Parsed<string> {
  const text = parseText(raw, 40);
  if (!text.ok) return text;
  const type = productTypeFrom(text.value);
  return type ? { ok: true, value: type } : { ok: false, message: `must be one of ${PRODUCT_TYPES.join(', ')}` };
}

function unitType(raw: unknown): Parsed<string> {
  const text = parseText(raw, 10);
  if (!text.ok) return text;
  const unit = text.value.toLowerCase();
  return isUnitType(unit)
    ? { ok: true, value: unit }
    : { ok: false, message: `must be one of ${UNIT_TYPES.join(', ')}` };
}

/** A validated record: the product ready to write, or every error found; warnings either way. */
export type RecordOutcome =
  | { row: ProductUpsert; errors?: undefined; warnings: FieldError[] }
  | { row?: undefined; errors: FieldError[]; warnings: FieldError[] };

/**
 * Validates one product record against every rule of the import and resolves its tax class.
 * Answers the product ready to write, or every field error found (never just the first), and
 * warnings (a cannabis product without its package tag). An optional column left out (`leftOut`) is
 * kept by the product the row updates; `storedDeli` says whether that product is a deli item (a row
 * without `deli` is read as its product is).
 */
export function validateRecord(
  fields: Record<string, unknown>,
  taxClasses: ReadonlyMap<string, number>,
  storedDeli: (sku: string) => boolean = () => false,
): RecordOutcome {
  const errors: FieldError[] = [];
  const present = (value: unknown) => value !== undefined && value !== null && value !== '';
  for (const key of Object.keys(fields)) {
    const canonical = canonicalField(key);
    if (canonical === key) continue;
    errors.push({
      field: key,
      message: canonical ? `is not a catalog field (did you mean ${canonical}?)` : 'is not a catalog field',
    });
  }
  for (const field of REQUIRED_FIELDS) {
    if (!present(fields[field])) errors.push({ field, message: 'is required' });
  }
  function read<T>(field: ImportField, parse: (raw: unknown) => Parsed<T>, fallback: T): T {
    const raw = fields[field];
    if (!present(raw)) return fallback;
    const parsed = parse(raw);
    if (parsed.ok) return parsed.value;
    errors.push({ field, message: parsed.message });
    return fallback;
  }
  const sku = read('sku', (raw) => parseText(raw, 64), '');
  const kept = leftOut(fields);
  const deli = kept.includes('deli') ? sku !== '' && storedDeli(sku) : read('deli', parseBoolean, false);
  const row: ProductUpsert = {
    sku,
    type: read('type', productType, ''),
    subtype: read('subtype', (raw) => parseText(raw, 100), ''),
    brand: read('brand', (raw) => parseText(raw, 100), ''),
    name: read('name', (raw) => parseText(raw, 200), ''),
    size: read('size', (raw) => parseText(raw, 50), ''),
    weight: read('weight', (raw) => parseAmount(raw, 6, 1_000_000), 0),
    unitType: read('unitType', unitType, ''),
    barcodes: read('barcodes', parseBarcodes, []).join(BARCODE_SEPARATOR),
    deli,
    taxClassId: 0,
    packageLabel: read('packageLabel', (raw) => parseText(raw, 64), ''),
    priceCents: read('price', (raw) => parsePrice(raw, MAX_PRICE_CENTS), 0),
    discountPpm: Math.round(read('discountPercent', (raw) => parseAmount(raw, 4, 100), 0) * 10_000),
    discountDescription: read('discountDescription', (raw) => parseText(raw, 200), ''),
    // Deli items are weighed (grams to the milligram); everything else is counted in whole units.
    onHandMilli: Math.round(read('quantityOnHand', (raw) => parseAmount(raw, deli ? 3 : 0, MAX_QUANTITY), 0) * 1000),
    cannabisWeightMg: read<number | undefined>('cannabisWeight', parseCannabisWeight, undefined),
    thcMg: read<number | undefined>('thc', parseThc, undefined),
    tags: read<string[] | undefined>('tags', parseTags, undefined),
    kept,
  };
  const productId = read('productId', parseUuid, undefined);
  const unitId = read('unitId', parseUuid, undefined);
  if (productId) row.productId = productId;
  if (unitId) row.unitId = unitId;
  if (deli && row.unitType && row.unitType !== DELI_UNIT_TYPE) {
    errors.push({ field: 'unitType', message: `must be ${DELI_UNIT_TYPE} for a deli item (sold by the gram)` });
  }
  const taxCode = read('taxClass', (raw) => parseText(raw, 40), '');
  if (taxCode) {
    const taxClassId = taxClasses.get(taxCode);
    if (taxClassId === undefined) {
      const known = [...taxClasses.keys()].join(', ');
      const hint = known
        ? `known: ${known}`
        : 'it has none yet: add them first with `servicepay taxes add` or on the Taxes screen of the back office';
      errors.push({ field: 'taxClass', message: `is not a tax class of this dispensary: "${taxCode}" (${hint})` });
    } else {
      row.taxClassId = taxClassId;
    }
  }
  if (row.discountPpm > 0 && !row.discountDescription) row.discountDescription = percentOff(row.discountPpm);
  const cannabis = checkCannabisContent(row);
  errors.push(...cannabis.errors);
  const { warnings } = cannabis;
  return errors.length > 0 ? { errors, warnings } : { row, warnings };
}
