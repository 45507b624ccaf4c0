import type { ProductUpsert } from '../product-upsert.js';
import type { FieldError } from './field-error.js';

/** One problem with an import file: where it is, which field, and what is wrong. */
export interface RowError {
  /** Line in the file (the CSV header is line 1); 0 when the problem has no line (unreadable file). */
  line: number;
  /** JSON only: the position of the product in the array, from 0. */
  index?: number;
  /** The column or field at fault; `row` for a whole row, `file` for the file itself. */
  field: string;
  message: string;
}

/** One product as read from a file, before validation: CSV gives text, JSON gives JSON values. */
export interface SourceRecord {
  line: number;
  index?: number;
  fields: Record<string, unknown>;
}

/** What a file reader yields: records, or problems it found in the file's structure. */
export type SourceItem = { kind: 'record'; record: SourceRecord } | { kind: 'error'; error: RowError };

/** A validated product and where it came from, for errors found against the database. */
export interface ValidRow {
  line: number;
  index?: number;
  row: ProductUpsert;
  /**
   * The warning of a cannabis row without a package tag, where the store enforces a state's rules:
   * said once the stored product is known (an empty tag keeps the one its package has).
   */
  untagged?: FieldError;
}

export type ImportFormat = 'csv' | 'json';

export type ImportPhase = 'reading' | 'writing';

/** Progress: bytes of the file while reading and validating, then rows while writing. */
export type ImportProgress = (done: number, total: number, phase: ImportPhase) => void;

/** The columns (CSV) or fields (JSON) of an import; the first eight are required. */
export const IMPORT_FIELDS = [
  'sku',
  'type',
  'name',
  'weight',
  'unitType',
  'price',
  'taxClass',
  'quantityOnHand',
  'subtype',
  'brand',
  'size',
  'barcodes',
  'deli',
  'packageLabel',
  'unitId',
  'productId',
  'discountPercent',
  'discountDescription',
  'cannabisWeight',
  'thc',
  'tags',
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number];

export const REQUIRED_FIELDS: readonly ImportField[] = IMPORT_FIELDS.slice(0, 8);

/** The canonical field a column header or JSON key names (case-insensitive), if any. */
export function canonicalField(name: string): ImportField | undefined {
  const wanted = name.trim().toLowerCase();
  return IMPORT_FIELDS.find((field) => field.toLowerCase() === wanted);
}
