import { ServicePayError } from '../../../shared/errors.js';
import type { PaperWidth } from '../../../shared/receipt/receipt-document.js';

/**
 * Code 128 as ESC/POS prints it (GS k 73): the data with its code sets named inline ({B text, {C
 * digit pairs, one byte a pair). Code set B alone takes 11 modules a character, so Metrc's
 * 24-character package tag would be about 300 modules: wider than 80 mm paper at any readable
 * module width. Runs of digits in code set C take half that, and the tag fits.
 */

/** Dots a line of paper prints at 203 dpi: 72 mm of 80 mm paper, 48 mm of 58 mm. */
const PRINTABLE_DOTS: Record<PaperWidth, number> = { 80: 576, 58: 384 };
/** Blank modules a scanner needs either side of the bars. */
const QUIET_MODULES = 20;
/** A run of digits worth a switch to code set C (and back). */
const DIGIT_RUN = 4;

/** The data ESC/POS is sent, and how many modules wide it prints (start, symbols, check, stop). */
export interface Code128 {
  data: string;
  modules: number;
}

/** `value` in code set B, with every run of four or more digits in code set C. */
export function code128(value: string): Code128 {
  let data = '';
  let symbols = 0;
  let set: 'B' | 'C' | null = null;
  const to = (next: 'B' | 'C') => {
    if (set === next) return;
    data += `{${next}`;
    // The first code set is the start symbol, counted below; a later one is a symbol of its own.
    if (set !== null) symbols += 1;
    set = next;
  };
  for (let i = 0; i < value.length;) {
    let run = 0;
    while (i + run < value.length && /\d/.test(value[i + run]!)) run += 1;
    if (run >= DIGIT_RUN) {
      // An odd run leaves its first digit in code set B.
      if (run % 2 === 1) {
        to('B');
        data += value[i];
        symbols += 1;
        i += 1;
        run -= 1;
      }
      to('C');
      for (const end = i + run; i < end; i += 2) {
        data += String.fromCharCode(Number(value.slice(i, i + 2)));
        symbols += 1;
      }
      continue;
    }
    to('B');
    const char = value[i]!;
    data += char === '{' ? '{{' : char;
    symbols += 1;
    i += 1;
  }
  // Start, the symbols, the check symbol (11 modules each), then the stop (13).
  return { data, modules: 11 * (symbols + 2) + 13 };
}

/**
 * The encoder's module width for a barcode of `modules` on `paper` (2: three dots a module, as wide
 * as reads best; 1: two dots), with its quiet zones; refused in words when not even two dots fit.
 */
export function moduleWidth(value: string, modules: number, paper: PaperWidth): 1 | 2 {
  const dots = PRINTABLE_DOTS[paper];
  for (const width of [2, 1] as const) {
    if ((modules + QUIET_MODULES) * (width + 1) <= dots) return width;
  }
  throw new ServicePayError(
    'CONFLICT',
    `the barcode of ${value} is too wide for ${paper} mm paper: print it on a register's printer with 80 mm paper`,
  );
}
