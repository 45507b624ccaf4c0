import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { canonicalField, REQUIRED_FIELDS, type ImportField, type SourceItem } from './import-types.js';

/** A file to stream, or its text already in memory (an upload). */
export type CatalogText = string | { text: string };

/**
 * Streams a CSV catalog file: checks the header row (line 1), then yields each product with the line
 * it starts on. Rows with the wrong number of fields are reported, not thrown; a broken quote ends
 * the file with one error. `onBytes` reports how far into the file the reader is.
 */
export async function* readCsv(file: CatalogText, onBytes?: (bytes: number) => void): AsyncGenerator<SourceItem> {
  const stream = typeof file === 'string' ? createReadStream(file, { highWaterMark: 1 << 20 }) : undefined;
  const size = typeof file === 'string' ? 0 : Buffer.byteLength(file.text);
  const input: Readable = stream ?? Readable.from([(file as { text: string }).text]);
  const parser = input.pipe(parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true }));
  // pipe() does not forward a read error (a file that vanished): end the parser with it instead.
  input.on('error', (error: Error) => parser.destroy(error));
  let columns: (ImportField | undefined)[] | undefined;
  let endLine = 0;
  let emptyLines = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; empty_lines: number; bytes: number };
    }>) {
      const line = endLine + 1 + (info.empty_lines - emptyLines);
      endLine = info.lines;
      emptyLines = info.empty_lines;
      if (!columns) {
        columns = record.map((name) => canonicalField(name));
        const problems = headerProblems(record, columns, line);
        for (const error of problems) yield { kind: 'error', error };
        if (REQUIRED_FIELDS.some((field) => !columns!.includes(field))) return;
        continue;
      }
      if (info.lines % 1024 === 0) onBytes?.(info.bytes);
      if (record.length !== columns.length) {
        const message = `has ${record.length} fields; the header has ${columns.length}`;
        yield { kind: 'error', error: { line, field: 'row', message } };
        continue;
      }
      const fields: Record<string, string> = {};
      record.forEach((value, i) => {
        const field = columns![i];
        // An empty cell is kept as '': its column is in the file (one left out keeps what the product has).
        if (field) fields[field] = value;
      });
      yield { kind: 'record', record: { line, fields } };
    }
    if (!columns)
      yield { kind: 'error', error: { line: 1, field: 'file', message: 'is empty: expected a header row' } };
    onBytes?.(stream ? stream.bytesRead : size);
  } catch (error) {
    // Every refusal of the parser is the file's fault (some codes, INVALID_OPENING_QUOTE, lack CSV_).
    if (!(error instanceof CsvError)) throw error;
    const csvError = error as CsvError & { lines?: number };
    yield { kind: 'error', error: { line: csvError.lines ?? endLine + 1, field: 'file', message: csvError.message } };
  } finally {
    input.destroy();
  }
}

function headerProblems(header: string[], columns: (ImportField | undefined)[], line: number) {
  const problems = [];
  const seen = new Set<ImportField>();
  header.forEach((name, i) => {
    const field = columns[i];
    if (!field) problems.push({ line, field: name, message: 'is not a catalog column' });
    else if (seen.has(field)) problems.push({ line, field: name, message: 'appears twice in the header' });
    else seen.add(field);
  });
  for (const field of REQUIRED_FIELDS) {
    if (!seen.has(field)) problems.push({ line, field, message: 'is a required column and is missing' });
  }
  return problems;
}
