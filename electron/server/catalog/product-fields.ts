/**
 * The closed vocabularies of catalog products. The spec leaves the enumerations of item `type` and
 * `unitType` open ("not shown"); these are ours. Subtypes stay free text (strain type, form, flavour).
 */

/** What describes a product on a shelf label, a ticket line or a receipt (snapshotted into order items). */
export interface ProductDescription {
  type: string;
  subtype: string;
  brand: string;
  name: string;
  size: string;
  weight: number;
  unitType: string;
  /** Comma-separated, possibly empty (the ticket item's form). */
  barcodes: string;
  /** Weighed at the counter and sold by the gram. */
  deli: boolean;
}

/** Product categories, as stored and as the API renders them (`type` of a ticket item). */
export const PRODUCT_TYPES = [
  'FLOWER',
  'PREROLL',
  'VAPE',
  'EDIBLE',
  'BEVERAGE',
  'CONCENTRATE',
  'TINCTURE',
  'TOPICAL',
  'CAPSULE',
  'ACCESSORY',
] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The unit a product's weight is given in and (for deli items) the unit it is sold by. */
export const UNIT_TYPES = ['g', 'mg', 'oz', 'ml', 'each'] as const;

export type UnitType = (typeof UNIT_TYPES)[number];

/** Deli items are weighed at the counter and sold by the gram. */
export const DELI_UNIT_TYPE: UnitType = 'g';

/** Category names people write, to the stored type: "Pre-Rolls" → PREROLL, "edibles" → EDIBLE. */
const TYPE_ALIASES = new Map<string, ProductType>([
  ...PRODUCT_TYPES.flatMap((type) => [[type, type] as const, [`${type}S`, type] as const]),
  ['ACCESSORIES', 'ACCESSORY'],
  ['CARTRIDGE', 'VAPE'],
  ['CARTRIDGES', 'VAPE'],
  ['EXTRACT', 'CONCENTRATE'],
  ['EXTRACTS', 'CONCENTRATE'],
]);

/** The product type a person meant ("pre-rolls", "Edibles", "VAPE"), or undefined. */
export function productTypeFrom(text: string): ProductType | undefined {
  return TYPE_ALIASES.get(text.toUpperCase().replace(/[\s_-]/g, ''));
}

export function isProductType(value: string): value is ProductType {
  return (PRODUCT_TYPES as readonly string[]).includes(value);
}

export function isUnitType(value: string): value is UnitType {
  return (UNIT_TYPES as readonly string[]).includes(value);
}

/** Barcodes are stored and rendered as one comma-separated string, like the ticket item's field. */
export const BARCODE_SEPARATOR = ',';

/** True when `code` is a GTIN-8, UPC-A (GTIN-12), EAN-13 or GTIN-14 whose check digit is right. */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  // Weights 3,1,3,1… counted from the digit next to the check digit.
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}
