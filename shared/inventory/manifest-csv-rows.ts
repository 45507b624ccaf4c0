/**
 * CSV split into rows as a spreadsheet shows them (RFC 4180): fields with commas, quotes ("" inside
 * quotes) or line breaks are quoted; lines end in CRLF, LF or CR; a BOM is dropped. A quoted field
 * spanning lines is one row, so row numbers are a spreadsheet's, blank rows counted.
 */

/** One row: its number (from 1) and its fields. */
export interface CsvRow {
  row: number;
  fields: string[];
}

/** The rows, or the row where a quoted field opens and never closes. */
export type CsvRows = { rows: CsvRow[] } | { unclosedAt: number };

const PLAIN = /[^",\r\n]+/y;

export function csvRows(text: string): CsvRows {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const end = () => {
    fields.push(field);
    rows.push({ row: rows.length + 1, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quoted) {
      const close = text.indexOf('"', i);
      if (close === -1) return { unclosedAt: rows.length + 1 };
      field += text.slice(i, close);
      if (text[close + 1] === '"') {
        field += '"';
        i = close + 2;
      } else {
        quoted = false;
        i = close + 1;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      i += 1;
    } else if (char === ',') {
      fields.push(field);
      field = '';
      i += 1;
    } else if (char === '\r' || char === '\n') {
      end();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      PLAIN.lastIndex = i;
      // A quote inside an unquoted field (5" glass) is kept as it is.
      const chunk = PLAIN.exec(text)?.[0] ?? char;
      field += chunk;
      i += chunk.length;
    }
  }
  if (quoted) return { unclosedAt: rows.length + 1 };
  if (field !== '' || fields.length > 0) end();
  return { rows };
}
