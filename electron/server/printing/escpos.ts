import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import {
  PAPER_COLUMNS,
  printedLines,
  type PaperWidth,
  type ReceiptDocument,
} from '../../../shared/receipt/receipt-document.js';
import { code128, moduleWidth } from './code128.js';

/** A fresh encoder for ESC/POS at the paper's columns (Epson's code pages, chosen per character). */
function encoder(columns: number): ReceiptPrinterEncoder {
  return new ReceiptPrinterEncoder({ language: 'esc-pos', columns, codepageMapping: 'epson', newline: '\n' })
    .initialize()
    .codepage('auto');
}

/**
 * Characters thermal printers' code pages lack, as they print best. No Epson code page the encoder
 * picks from (CP437, CP858, WPC1252 and the rest) holds the minus sign U+2212 the screens write
 * amounts off with ("−$1.00"), nor the Unicode hyphens U+2010–U+2012: each would print as "?". So a
 * receipt writes what was taken off with the ASCII hyphen ("  Spring code   -$5.00", "Discounts
 * -$15.66": formatMoney), and one of these typed in a name (a deal's, a product's) prints as one too.
 */
const printable = (text: string) => text.replace(/•/g, '*').replace(/[\u2010-\u2012\u2212]/g, '-');

/**
 * A document as ESC/POS bytes for a printer with `paper` mm paper (48 or 32 columns): the lines as
 * laid out by printedLines (a barcode line as a Code 128 barcode over its text, as wide as the paper
 * lets it read best; refused in words when it cannot fit), then a feed and a partial cut. With `kick`, the drawer-kick pulse goes
 * first, so the drawer opens while the receipt prints.
 */
export function encodeDocument(document: ReceiptDocument, paper: PaperWidth, options: { kick: boolean }): Uint8Array {
  const columns = PAPER_COLUMNS[paper];
  const out = encoder(columns);
  if (options.kick) out.pulse();
  for (const line of printedLines(document, columns)) {
    if (line.barcode) {
      const { data, modules } = code128(line.barcode);
      const width = moduleWidth(line.barcode, modules, paper);
      out.align('center').barcode(data, 'code128', { height: 80, width, text: false });
    }
    out
      .align(line.align)
      .bold(line.bold)
      .size(line.large ? 2 : 1, line.large ? 2 : 1)
      .line(printable(line.text));
  }
  return out.size(1, 1).bold(false).align('left').newline(3).cut('partial').encode();
}

/** The drawer-kick pulse alone (pin 2, the usual drawer connector). */
export function encodeDrawerKick(): Uint8Array {
  return encoder(PAPER_COLUMNS[80]).pulse().encode();
}
