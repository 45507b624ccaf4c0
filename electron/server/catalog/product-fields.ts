/**
 * The closed vocabularies of catalog products. The spec leaves the enumerations of item `type` and
 * `unitType` open ("not shown"); these are ours (the types, which the POS and the purchase limits read
 * too, are in shared/catalog/product-types.ts). Subtypes stay free text (strain type, form, flavour).
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

/**
 * A row's description but its deli flag (stored as 0 or 1), copied field by field: rows mapped with
 * an object rest and spread cost ~14 µs each (inventory-repository.ts, catalog-repository.ts,
 * catalog-routes.ts).
 */
export const describedBy = (row: Omit<ProductDescription, 'deli'>): Omit<ProductDescription, 'deli'> => ({
  type: row.type,
  subtype: row.subtype,
  brand: row.brand,
  name: row.name,
  size: row.size,
  weight: row.weight,
  unitType: row.unitType,
  barcodes: row.barcodes,
});

/** The unit a product's weight is given in and (for deli items) the unit it is sold by. */
export const UNIT_TYPES = ['g', 'mg', 'oz', 'ml', 'each'] as const;

export type UnitType = (typeof UNIT_TYPES)[number];

/** Deli items are weighed at the counter and sold by the gram. */
export const DELI_UNIT_TYPE: UnitType = 'g';

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
