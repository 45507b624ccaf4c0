/**
 * CSV as spreadsheets read it (RFC 4180): fields with a comma, quote or line break are quoted.
 * Text people typed (a reason, a name) never starts a formula: a leading = + - @ gets a quote mark.
 */

/** One field of text people typed, safe to open in a spreadsheet. */
export function textField(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/** The rows as CSV, lines ending in CRLF (numbers are passed already formatted). */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map((field) => quoted(String(field))).join(',')).join('\r\n') + '\r\n';
}
