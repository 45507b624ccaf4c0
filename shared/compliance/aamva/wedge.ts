/**
 * What a keyboard-wedge scanner types is not always what the PDF417 barcode holds. The AAMVA payload
 * separates its parts with control characters: LF (0x0A) after each data element, RS (0x1E) once in
 * the header, CR (0x0D) at the end of each subfile. A wedge "types" them as keys, and each make and
 * setting does it differently:
 * - LF and CR arrive as Enter, which a text field or the POS's key listener records as "\n" or "\r\n";
 * - RS has no key and is usually dropped (sometimes sent as Ctrl+^, which types nothing);
 * - some scanners can type no control character at all and drop every separator, so the elements run
 *   together ("DCSSMITHDACJOHN…"): `run-together.ts` splits those;
 * - some are set to type the names of control characters instead: "<LF>", "[CR]", "{RS}", "^J";
 * - with Caps Lock on, every letter arrives in the other case ("ansi 636014…", "dcssmith").
 * `normalizeWedgeText` undoes all of these, so the rest of the parser sees elements separated by "\n"
 * (or by nothing, when the scanner dropped them).
 */

const NAMED_CONTROLS: readonly [RegExp, string][] = [
  [/<LF>|\[LF\]|\{LF\}|\^J|\\n/gi, '\n'],
  [/<CR>|\[CR\]|\{CR\}|\^M|\\r/gi, '\r'],
  [/<RS>|\[RS\]|\{RS\}|\^\^|\\x1e/gi, '\x1e'],
];

/** Swaps upper and lower case: what Caps Lock did to every letter the scanner typed. */
const swapCase = (text: string) =>
  text.replace(/[a-zA-Z]/g, (letter) =>
    letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase(),
  );

/** The scanned text with control characters as the parser expects them: "\n" between elements. */
export function normalizeWedgeText(scanned: string): string {
  let text = scanned;
  for (const [pattern, control] of NAMED_CONTROLS) text = text.replace(pattern, control);
  // The header's file type is always upper case: seeing it in lower case means Caps Lock was on.
  if (!/ANSI |AAMVA/.test(text) && /ansi |aamva/.test(text)) text = swapCase(text);
  return (
    text
      .replace(/\r\n?/g, '\n')
      // RS and any other control character a wedge may emit (Tab, NUL, GS) carry nothing we need.
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\x00-\x09\x0b-\x1f\x7f]/g, '')
  );
}
