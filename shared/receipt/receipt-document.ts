/**
 * A receipt or report as lines of text, before it is printed: the POS turns it into HTML for the
 * browser's print dialog, the service into ESC/POS for a receipt printer. One layout, two outputs.
 */
export type ReceiptLine =
  /** Centred, large: the store's name, a label's product and price. */
  | { kind: 'title'; text: string }
  /** Centred text (address, order number, thanks). */
  | { kind: 'center'; text: string; strong?: boolean }
  /** A label on the left, an amount on the right. */
  | { kind: 'row'; label: string; amount: string; strong?: boolean }
  /** A heading of a section, left, bold. */
  | { kind: 'heading'; text: string }
  /** A dashed line across the paper. */
  | { kind: 'rule' }
  /** Plain text, wrapped. */
  | { kind: 'text'; text: string }
  /** A detail of the line above (its package tag, its cannabis weight): indented, wrapped indented. */
  | { kind: 'detail'; text: string }
  /** A Code 128 barcode of `value` (a bag label's order number, a package's state tag), centred, its text under it. */
  | { kind: 'barcode'; value: string };

export interface ReceiptDocument {
  /** What it is, for the print dialog's title: "Receipt 7KQ2ZP", "Z report 12". */
  title: string;
  lines: ReceiptLine[];
}

/** One printed line of text at a fixed number of columns. */
export interface PrintedLine {
  text: string;
  align: 'left' | 'center';
  bold: boolean;
  /** Double width and height (the title); its text fits half the columns. */
  large: boolean;
  /** Printed as a Code 128 barcode above the text (which is its value). */
  barcode?: string;
}

/** Columns of a paper width: 48 on 80 mm paper, 32 on 58 mm (font A). */
export const PAPER_COLUMNS = { 80: 48, 58: 32 } as const;
export type PaperWidth = keyof typeof PAPER_COLUMNS;

/** Splits `text` into lines of at most `width` characters, at spaces where it can. */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  // Split at plain spaces only: a no-break space keeps "3:37 PM" whole.
  for (const word of text.trim().split(/[ \t\n]+/)) {
    if (word === '') continue;
    const candidate = current === '' ? word : `${current} ${word}`;
    if (candidate.length <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    let rest = word;
    while (rest.length > width) {
      lines.push(rest.slice(0, width));
      rest = rest.slice(width);
    }
    current = rest;
  }
  if (current !== '') lines.push(current);
  return lines.length === 0 ? [''] : lines;
}

/** A label and an amount across `columns`: the label wraps, the amount sits right on its last line. */
function rowLines(label: string, amount: string, columns: number): string[] {
  const indent = /^ */.exec(label)![0];
  const room = Math.max(columns - amount.length - 1 - indent.length, 1);
  const labels = wrapText(label, room).map((text) => `${indent}${text}`);
  const last = labels.pop()!;
  return [...labels, `${last}${' '.repeat(columns - last.length - amount.length)}${amount}`];
}

/** How far a line's details sit in from the left edge. */
const DETAIL_INDENT = '  ';

const line = (text: string, align: PrintedLine['align'] = 'left', bold = false, large = false): PrintedLine => ({
  text,
  align,
  bold,
  large,
});

/** The document as printed lines at `columns` characters (48 for 80 mm paper, 32 for 58 mm). */
export function printedLines(document: ReceiptDocument, columns: number): PrintedLine[] {
  return document.lines.flatMap((entry): PrintedLine[] => {
    switch (entry.kind) {
      case 'title':
        return wrapText(entry.text, Math.floor(columns / 2)).map((text) => line(text, 'center', true, true));
      case 'center':
        return wrapText(entry.text, columns).map((text) => line(text, 'center', entry.strong === true));
      case 'heading':
        return wrapText(entry.text, columns).map((text) => line(text, 'left', true));
      case 'rule':
        return [line('-'.repeat(columns))];
      case 'text':
        return wrapText(entry.text, columns).map((text) => line(text));
      case 'detail':
        return wrapText(entry.text, columns - DETAIL_INDENT.length).map((text) => line(`${DETAIL_INDENT}${text}`));
      case 'row':
        return rowLines(entry.label, entry.amount, columns).map((text) => line(text, 'left', entry.strong === true));
      case 'barcode':
        return [{ ...line(entry.value, 'center'), barcode: entry.value }];
    }
  });
}
