import { extname } from 'node:path';
import { invalidInput, ServicePayError } from '../../../../shared/errors.js';
import { enforcedProfile } from '../../dispensaries/store-profile.js';
import { SHIPPED_PROFILES, type StateProfiles } from '../../core/state-profiles/state-profiles.js';
import type { DataLayer } from '../../db/data-layer.js';
import { CatalogRepository, type UpsertOutcome } from '../catalog-repository.js';
import type { Queryable } from '../../db/query.js';
import { DispensaryRepository } from '../../dispensaries/dispensary-repository.js';
import type { Dispensary } from '../../dispensaries/dispensary.js';
import { skuKey } from '../sku-key.js';
import { TaxRepository } from '../tax-repository.js';
import { checkAgainstDatabase } from './check-existing.js';
import { fileSize } from './file-size.js';
import { ErrorList } from './error-list.js';
import { TagHolders } from './tag-holders.js';
import type { ImportFormat, ImportProgress, RowError, SourceItem, ValidRow } from './import-types.js';
import { TagsInFile } from './package-tags.js';
import { readCsv } from './read-csv.js';
import { readJson } from './read-json.js';
import { recordStockSets } from './stock-set-records.js';
import { deliSkus, type KeptField } from './kept-columns.js';
import { validateRecord } from './validate-row.js';

/** A catalog in memory: an uploaded file's name (for its format) and text. */
export interface UploadedCatalog {
  name: string;
  text: string;
}

export interface ImportOptions {
  dispensaryShortName: string;
  /** The path of a file to read, or a file already in memory (an upload to the service). */
  file: string | UploadedCatalog;
  /** Taken from the file's extension (.csv, .json) when not given. */
  format?: ImportFormat;
  now: Date;
  onProgress?: ImportProgress;
  /** The state profiles loaded (the shipped ones when not given): the one the store enforces says what a sale needs. */
  profiles?: StateProfiles;
  /** Run in the import's write once every product is written (the audit trail's event): failing, nothing is kept. */
  onWritten?: (tx: Queryable, written: UpsertOutcome) => Promise<void>;
}

/**
 * What a cannabis product lacks to be sold where the store enforces a state's rules (its package
 * tag, the measures that state counts it by): the first 50 and a count. Such a row is imported; the
 * sale is where it is refused. A store that enforces none sells it, and is warned of nothing.
 */
export interface ImportWarnings {
  warnings: RowError[];
  warningCount: number;
  /**
   * What the import leaves as it is, by line (the first 50 and a count): the stock and tags of a
   * product whose stock is kept in packages received from a delivery (its other fields are written).
   */
  notes: RowError[];
  noteCount: number;
}

/** Either every product was written, or none was and here is why (the first 50 errors and a count). */
export type ImportOutcome =
  | ({
      ok: true;
      rows: number;
      created: number;
      updated: number;
      /** The optional columns the file left out that the updated products kept (none when it updated none). */
      kept: KeptField[];
      seconds: number;
    } & ImportWarnings)
  | ({ ok: false; rows: number; errors: RowError[]; errorCount: number; seconds: number } & ImportWarnings);

/** The lines of `list` in file order. */
const byLine = (list: ErrorList) => list.kept.sort((a, b) => a.line - b.line);

export function formatOf(file: string, format?: string): ImportFormat {
  const chosen = (format ?? extname(file).slice(1)).toLowerCase();
  if (chosen === 'csv' || chosen === 'json') return chosen;
  throw invalidInput('format', `must be csv or json${format ? '' : ' (the file extension does not say which)'}`);
}

/**
 * Imports a catalog file into a dispensary: reads and validates every row, collecting all errors;
 * when there is none, creates or updates every product (matched by SKU) in one transaction.
 */
export async function importCatalogFile(db: DataLayer, options: ImportOptions): Promise<ImportOutcome> {
  const started = performance.now();
  const seconds = () => Math.round(performance.now() - started) / 1000;
  const { file } = options;
  const format = formatOf(typeof file === 'string' ? file : file.name, options.format);
  const dispensary = await new DispensaryRepository(db).findByShortName(options.dispensaryShortName);
  if (!dispensary)
    throw new ServicePayError('NOT_FOUND', `no dispensary has the short name ${options.dispensaryShortName}`);
  const size = typeof file === 'string' ? await fileSize(file) : Buffer.byteLength(file.text);

  const onBytes = (bytes: number) => options.onProgress?.(bytes, size, 'reading');
  const source = format === 'csv' ? readCsv(file, onBytes) : readJson(file);
  // What a sale refuses, it refuses by the rules the store enforces (ticket-compliance.ts): none, nothing.
  const profile = enforcedProfile(options.profiles ?? SHIPPED_PROFILES, dispensary);
  const { rows, records, errors, warnings: warned } = await validateAll(db, dispensary, source, profile !== null);
  onBytes(size);
  if (records === 0 && errors.count === 0) errors.add({ line: 1, field: 'file', message: 'has no products' });
  const catalog = new CatalogRepository(db);
  const tags = new TagHolders(db, dispensary.organizationId);
  const stored = await checkAgainstDatabase(db, catalog, dispensary, rows, profile, tags);
  for (const error of stored.errors) errors.add(error);
  for (const warning of stored.warnings) warned.add(warning);
  const noted = new ErrorList();
  for (const note of stored.notes) noted.add(note);
  const warnings = {
    warnings: byLine(warned),
    warningCount: warned.count,
    notes: byLine(noted),
    noteCount: noted.count,
  };
  if (errors.count > 0) {
    return {
      ok: false,
      rows: records,
      errors: byLine(errors),
      errorCount: errors.count,
      seconds: seconds(),
      ...warnings,
    };
  }

  const progress = (done: number, all: number) => options.onProgress?.(done, all, 'writing');
  try {
    const products = rows.map((valid) => valid.row);
    const { created, updated, keptColumns } = await db.write(async (tx) => {
      await tags.stillAsChecked(tx, stored.tags.labels, stored.tags.holders);
      const written = await catalog.upsertMany(
        tx,
        dispensary.id,
        dispensary.primaryLocationId,
        products,
        options.now,
        progress,
      );
      await recordStockSets(db.builder, tx, dispensary, written.packagesSet, options.now);
      await options.onWritten?.(tx, written);
      return written;
    });
    return { ok: true, rows: rows.length, created, updated, kept: keptColumns, seconds: seconds(), ...warnings };
  } catch (error) {
    if (db.dialect.isConstraintViolation(error)) {
      const message = 'the catalog changed while importing (stock was reserved); nothing was imported: try again';
      throw new ServicePayError('CONFLICT', message, { cause: error });
    }
    throw error;
  }
}

/**
 * Validates every record; catches SKUs, product ids and state tags that repeat within the file. `warn`: keep
 * the rows' warnings (the store enforces a state's rules).
 */
async function validateAll(db: DataLayer, dispensary: Dispensary, source: AsyncIterable<SourceItem>, warn: boolean) {
  const classes = await new TaxRepository(db).listForDispensary(db, dispensary.id);
  const taxClasses = new Map(classes.map((c) => [c.code, c.id]));
  const storedDeli = await deliSkus(db, dispensary.id);
  const rows: ValidRow[] = [];
  const errors = new ErrorList();
  const warnings = new ErrorList();
  const firstLine = { sku: new Map<string, FirstSeen>(), productId: new Map<string, FirstSeen>() };
  const tags = new TagsInFile();
  let records = 0;
  for await (const item of source) {
    if (item.kind === 'error') {
      errors.add(item.error);
      continue;
    }
    records += 1;
    const { line, index, fields } = item.record;
    const where = index === undefined ? { line } : { line, index };
    const result = validateRecord(fields, taxClasses, storedDeli);
    for (const error of result.errors ?? []) errors.add({ ...where, ...error });
    // A valid row's missing tag is said against the stored product (an empty tag keeps its package's).
    const untagged = warn && result.row ? result.warnings.find((w) => w.field === 'packageLabel') : undefined;
    if (warn) for (const warning of result.warnings) if (warning !== untagged) warnings.add({ ...where, ...warning });
    let repeated = false;
    for (const field of ['sku', 'productId'] as const) {
      const value = valueOf(fields[field]);
      if (value === undefined) continue;
      const key = field === 'sku' ? skuKey(value) : value.toLowerCase();
      const first = firstLine[field].get(key);
      if (first === undefined) firstLine[field].set(key, { line, value });
      else {
        errors.add({ ...where, field, message: repeats(field, value, first) });
        repeated = true;
      }
    }
    const tagRepeated = repeated ? undefined : tags.repeated(fields, line);
    if (tagRepeated) errors.add({ ...where, ...tagRepeated });
    repeated ||= tagRepeated !== undefined;
    if (result.row && !repeated) rows.push({ ...where, row: result.row, ...(untagged ? { untagged } : {}) });
    else if (untagged) warnings.add({ ...where, ...untagged });
  }
  return { rows, records, errors, warnings };
}

/** Where a SKU or product id is first in the file, and how it is written there. */
interface FirstSeen {
  line: number;
  value: string;
}

/** A SKU or product id as the file has it, trimmed: raw, so invalid rows count too. */
function valueOf(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  const value = String(raw).trim();
  return value === '' ? undefined : value;
}

/**
 * A SKU (any case: `skuKey`) or product id (any case) given again, in words; a SKU in another case
 * says how the first line writes it.
 */
function repeats(field: 'sku' | 'productId', value: string, first: FirstSeen): string {
  const words = `repeats ${field} ${value} of line ${first.line}`;
  return field === 'sku' && first.value !== value
    ? `${words} (as ${first.value}: a SKU is the same in any case)`
    : words;
}
