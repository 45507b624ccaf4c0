/**
 * A manifest from CSV: a header row naming the columns (Metrc's names or ours, any case and spacing;
 * columns we do not read are left alone), then one row per package. The rule for the manifest itself:
 * its number, the shipper's licence and name come from `# Name: value` rows above the header
 * (`# Manifest: 0001977406`, `# Shipper licence: C11-0000123-LIC`, `# Shipper: Emerald Valley`), or
 * from columns of those names on the package rows; either way they must be one value for the whole
 * file (a file is one manifest), and a cell left empty takes it. Other rows starting with # are
 * comments. A "Received Qty" column, when there is one, is what arrived (in the shipped unit).
 */
import { checkManifest } from './manifest-check.js';
import { FIELD_WORDS, sourceKey, type SourceKey, type SourceValues } from './manifest-fields.js';
import type { SourcePackage } from './manifest-package.js';
import { tooLarge } from './manifest-problems.js';
import { csvRows, type CsvRow } from './manifest-csv-rows.js';
import type { ManifestProblem, ManifestResult } from './manifest-types.js';

const MANIFEST_KEYS = ['manifestNumber', 'shipperLicense', 'shipperName'] as const;
type ManifestKey = (typeof MANIFEST_KEYS)[number];

const REQUIRED: readonly [SourceKey, string][] = [
  ['label', '"Package Label" or "Label"'],
  ['itemName', '"Item Name" or "Product Name"'],
  ['quantity', '"Shipped Quantity" or "Quantity"'],
  ['unit', '"Shipped Unit Of Measure Name" or "Unit"'],
];

const isBlankRow = (row: CsvRow) => row.fields.every((field) => field.trim() === '');
const isComment = (row: CsvRow) => row.fields[0]?.trimStart().startsWith('#') ?? false;

/** `# Manifest: 0001977406` (in one cell, or the value in the next one) as a manifest field and value. */
function commentValue(row: CsvRow): [ManifestKey, string] | undefined {
  const first = row.fields[0]!.trim();
  const text = /:\s*\S/.test(first) ? first : row.fields.filter((field) => field.trim()).join(' ');
  const match = /^#\s*([^:]+):\s*(.*)$/.exec(text.trim());
  const key = match && sourceKey(match[1]!);
  return key && (MANIFEST_KEYS as readonly string[]).includes(key) ? [key as ManifestKey, match[2]!.trim()] : undefined;
}

const refused = (where: string, message: string): ManifestResult => ({ problems: [{ where, message }] });

export function parseManifestCsv(text: string): ManifestResult {
  const large = tooLarge(text);
  if (large) return { problems: [large] };
  const read = csvRows(text);
  if ('unclosedAt' in read) {
    return refused(`row ${read.unclosedAt}`, 'a quoted field opens here and is never closed: a quote is missing');
  }
  const rows = read.rows.filter((row) => !isBlankRow(row));
  const header = rows.find((row) => !isComment(row));
  if (!header) return refused('the file', 'the file has no header row naming its columns (Package Label, Item Name…)');
  const columns = header.fields.map((name) => sourceKey(name));
  const headerWhere = `row ${header.row} (the header)`;
  const missing = REQUIRED.filter(
    ([key]) => !columns.includes(key) && !(key === 'quantity' && columns.includes('quantityMilli')),
  );
  if (missing.length > 0) {
    const problems = missing.map(([key, names]): ManifestProblem => {
      const message = `the header has no ${FIELD_WORDS[key as 'label']} column: name one ${names}`;
      return { where: headerWhere, message, field: key as 'label', row: header.row };
    });
    return { problems };
  }

  const manifest: SourceValues = {};
  const manifestWhere: Partial<Record<SourceKey, string>> = {};
  const found: ManifestProblem[] = [];
  const give = (key: ManifestKey, value: string, where: string, row: number) => {
    const earlier = manifest[key] as string | undefined;
    if (earlier === undefined) {
      manifest[key] = value;
      manifestWhere[key] = where;
    } else if (earlier !== value) {
      const message = `${FIELD_WORDS[key]} must be the same on every row (a file is one manifest): "${value}" here, "${earlier}" at ${manifestWhere[key]}`;
      found.push({ where, message, field: key, row });
    }
  };
  for (const row of rows) {
    if (row.row > header.row) break;
    const comment = isComment(row) ? commentValue(row) : undefined;
    if (comment && comment[1] !== '')
      give(comment[0], comment[1], `row ${row.row} ("# ${row.fields[0]!.replace(/^\s*#\s*|:.*$/g, '')}:")`, row.row);
  }

  const packages = rows
    .filter((row) => row.row > header.row && !isComment(row))
    .map((row): SourcePackage => {
      const values: SourceValues = {};
      const from: Partial<Record<SourceKey, number>> = {};
      row.fields.forEach((cell, index) => {
        const key = columns[index];
        if (!key || (values[key] !== undefined && values[key] !== '')) return;
        values[key] = cell;
        from[key] = index;
      });
      const where = (key: SourceKey) => {
        const index = from[key] ?? columns.indexOf(key);
        return index === -1 ? `row ${row.row}` : `row ${row.row}, column "${header.fields[index]!.trim()}"`;
      };
      for (const key of MANIFEST_KEYS) {
        const cell = typeof values[key] === 'string' ? (values[key] as string).trim() : '';
        if (cell) give(key, cell, where(key), row.row);
      }
      const extra = row.fields.slice(header.fields.length).some((cell) => cell.trim() !== '');
      const unreadable = extra
        ? {
            where: `row ${row.row}`,
            message: `the row has ${row.fields.length} fields; the header has ${header.fields.length} (a value with a comma needs quotes)`,
          }
        : undefined;
      return { values, where, row: row.row, ...(unreadable ? { unreadable } : {}) };
    });

  return checkManifest({
    values: manifest,
    where: (key) => manifestWhere[key] ?? (key === 'packages' ? 'the file' : headerWhere),
    missingHint: (key) =>
      key === 'manifestNumber'
        ? 'add a row "# Manifest: 0001977406" above the header, or a Manifest Number column'
        : 'add a row "# Shipper licence: C11-0000123-LIC" above the header, or a Shipper Licence column',
    packages,
    found,
  });
}
