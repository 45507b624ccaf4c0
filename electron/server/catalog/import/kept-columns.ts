import type { Ppm } from '../../../../shared/money.js';
import type { DataLayer } from '../../db/data-layer.js';
import { BySku } from '../sku-key.js';

/**
 * The optional columns a file may leave out (a CSV without the column, a JSON object without the
 * field): each product it updates keeps what it has for them, so a price list erases nothing. A new
 * product takes their default (empty, not deli, no promotion, no tags). A column given with an empty
 * cell follows its own rule (README "Catalog files").
 */
export const KEPT_FIELDS = [
  'subtype',
  'brand',
  'size',
  'barcodes',
  'deli',
  'packageLabel',
  'discountPercent',
  'discountDescription',
  'cannabisWeight',
  'thc',
  'tags',
] as const;

export type KeptField = (typeof KEPT_FIELDS)[number];

/** The fields of a product a row may keep, as the writer reads them stored. */
export interface KeptValues {
  subtype: string;
  brand: string;
  size: string;
  /** Comma-separated. */
  barcodes: string;
  discountPpm: Ppm;
  discountDescription: string;
}

/** The words of a promotion given no description of its own: "15% off". */
export const percentOff = (ppm: Ppm): string => `${ppm / 10_000}% off`;

/** The optional fields `fields` (a record as read) leaves out, in the order of `KEPT_FIELDS`. */
export const leftOut = (fields: Record<string, unknown>): KeptField[] =>
  KEPT_FIELDS.filter((field) => fields[field] === undefined);

/**
 * What a row writes of the fields it may keep: the stored product's (`found`) for each it leaves
 * out, else its own. A description left out that an import made up for the old percent ("15% off",
 * or none) follows the new one; one a person wrote stays. A promotion without words gets "N% off".
 */
export function keptValues(
  row: KeptValues & { kept?: readonly KeptField[] },
  found: KeptValues | undefined,
): KeptValues {
  const kept = new Set<KeptField>(found ? (row.kept ?? []) : []);
  const pick = <K extends keyof KeptValues>(field: KeptField, key: K): KeptValues[K] =>
    found && kept.has(field) ? found[key] : row[key];
  const discountPpm = pick('discountPercent', 'discountPpm');
  let discountDescription = pick('discountDescription', 'discountDescription');
  if (found && kept.has('discountDescription') && discountDescription === percentOff(found.discountPpm)) {
    discountDescription = '';
  }
  if (discountDescription === '' && discountPpm > 0) discountDescription = percentOff(discountPpm);
  return {
    subtype: pick('subtype', 'subtype'),
    brand: pick('brand', 'brand'),
    size: pick('size', 'size'),
    barcodes: pick('barcodes', 'barcodes'),
    discountPpm,
    discountDescription,
  };
}

/**
 * The store's deli items by SKU (in any case): a row that leaves `deli` out is read as its product
 * is (a weighed quantity, sold by the gram), before it is checked.
 */
export async function deliSkus(db: DataLayer, dispensaryId: string): Promise<(sku: string) => boolean> {
  const rows = await db.all(
    db.builder
      .selectFrom('products')
      .select('sku')
      .where('dispensary_id', '=', dispensaryId)
      .where('deli', '=', 1)
      .where('sku', 'is not', null),
  );
  const delis = new BySku(rows);
  return (sku) => delis.get(sku) !== undefined;
}
