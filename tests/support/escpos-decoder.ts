/**
 * A small ESC/POS decoder for tests: what a receipt printer would do with the bytes it was sent —
 * the lines of text it prints, its barcodes, its paper cuts and its drawer-kick pulses, in order.
 * Knows the commands the encoder sends (initialize, code pages, bold, size, alignment, barcode, cut,
 * pulse); any other
 * command is an error, so a test notices bytes it does not understand.
 */
export type PrinterEvent =
  | { kind: 'text'; text: string; bold: boolean; large: boolean }
  | { kind: 'cut' }
  /** A Code 128 barcode (GS k 73): what it encodes, and the dots a module is wide (GS w). */
  | { kind: 'barcode'; value: string; moduleDots: number }
  | { kind: 'kick'; pin: number; onMs: number; offMs: number };

export interface DecodedPrint {
  events: PrinterEvent[];
  /** The printed lines, trailing spaces removed. */
  lines: string[];
  cuts: number;
  barcodes: string[];
  kicks: { pin: number; onMs: number; offMs: number }[];
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;

/** Bytes of a code page as text: ASCII as is, anything else as its code page's character would show. */
const CP437_HIGH: Record<number, string> = { 0xff: '\u00a0', 0x9e: '×', 0x82: 'é', 0x07: '•', 0xfa: '·' };

/**
 * What Code 128 data encodes: text in code sets A and B, a pair of digits a byte in code set C, the
 * sets switched inline ({A, {B, {C; "{{" is a brace).
 */
function code128Value(data: Uint8Array): string {
  let value = '';
  let set = 'B';
  for (let i = 0; i < data.length; i++) {
    const byte = data[i]!;
    if (byte === 0x7b && [0x41, 0x42, 0x43].includes(data[i + 1]!)) {
      set = String.fromCharCode(data[(i += 1)]!);
    } else if (byte === 0x7b && data[i + 1] === 0x7b) {
      value += '{';
      i += 1;
    } else if (set === 'C') {
      if (byte > 99) throw new Error(`Code 128 code set C has no symbol ${byte}`);
      value += String(byte).padStart(2, '0');
    } else value += String.fromCharCode(byte);
  }
  return value;
}

export function decodeEscPos(bytes: Uint8Array): DecodedPrint {
  const events: PrinterEvent[] = [];
  let line = '';
  let bold = false;
  let large = false;
  let lineBold = false;
  let lineLarge = false;
  let moduleDots = 3;
  const flush = () => {
    events.push({ kind: 'text', text: line.trimEnd(), bold: lineBold, large: lineLarge });
    line = '';
    lineBold = false;
    lineLarge = false;
  };
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    const next = bytes[i + 1];
    if (byte === ESC) {
      if (next === 0x40)
        i += 1; // ESC @ initialize
      else if (next === 0x45)
        bold = bytes[(i += 2)] === 1; // ESC E n
      else if (next === 0x74 || next === 0x4d || next === 0x61 || next === 0x2d || next === 0x34)
        i += 2; // code page, font, align, underline, italic
      else if (next === 0x70) {
        events.push({
          kind: 'kick',
          pin: bytes[i + 2]! === 0 ? 2 : 5,
          onMs: bytes[i + 3]! * 2,
          offMs: bytes[i + 4]! * 2,
        });
        i += 4;
      } else throw new Error(`unknown ESC command 0x${(next ?? 0).toString(16)} at byte ${i}`);
    } else if (byte === GS) {
      if (next === 0x21)
        large = bytes[(i += 2)] !== 0; // GS ! n: size
      else if (next === 0x77)
        moduleDots = bytes[(i += 2)]!; // GS w n: barcode module width
      else if (next === 0x68 || next === 0x48)
        i += 2; // barcode height, text position
      else if (next === 0x6b && bytes[i + 2] === 73) {
        // GS k 73 n d1…dn: Code 128, n bytes of data starting with its code set ({A, {B or {C)
        const length = bytes[i + 3]!;
        events.push({ kind: 'barcode', value: code128Value(bytes.subarray(i + 4, i + 4 + length)), moduleDots });
        i += 3 + length;
      } else if (next === 0x56) {
        const mode = bytes[i + 2]!;
        i += mode >= 65 ? 3 : 2; // GS V m [n]
        events.push({ kind: 'cut' });
      } else throw new Error(`unknown GS command 0x${(next ?? 0).toString(16)} at byte ${i}`);
    } else if (byte === FS) {
      if (next === 0x2e)
        i += 1; // FS . cancel Kanji mode
      else throw new Error(`unknown FS command 0x${(next ?? 0).toString(16)} at byte ${i}`);
    } else if (byte === 0x0a) flush();
    else if (byte === 0x0d) continue;
    else {
      if (byte !== 0x20) {
        lineBold ||= bold;
        lineLarge ||= large;
      }
      line += byte < 0x80 && byte >= 0x20 ? String.fromCharCode(byte) : (CP437_HIGH[byte] ?? '?');
    }
  }
  if (line !== '') flush();
  const texts = events.filter((event) => event.kind === 'text');
  return {
    events,
    lines: texts.map((event) => event.text),
    cuts: events.filter((event) => event.kind === 'cut').length,
    barcodes: events.flatMap((event) => (event.kind === 'barcode' ? [event.value] : [])),
    kicks: events.flatMap((event) =>
      event.kind === 'kick' ? [{ pin: event.pin, onMs: event.onMs, offMs: event.offMs }] : [],
    ),
  };
}
