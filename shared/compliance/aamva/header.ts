/**
 * The header of an AAMVA DL/ID barcode (Annex D of the AAMVA DL/ID Card Design Standard):
 *
 *   "@" LF RS CR "ANSI " IIN(6) version(2) [jurisdiction version(2)] entries(2) designator…
 *
 * Version 01 (DL/ID-2000) has no jurisdiction version; version 02 on (2003 to 2020 and later) has.
 * Some early version-01 cards say "AAMVA" where later ones say "ANSI ". Each designator is 10
 * characters: the subfile type ("DL" licence, "ID" identification card, "Z?" the jurisdiction's own),
 * its offset from the "@" and its length, both 4 digits.
 */

/** Where one subfile is, as the header declares it. */
export interface Designator {
  type: string;
  offset: number;
  length: number;
}

/** The header's fields and where the subfiles' data starts in the text it was read from. */
export interface AamvaHeader {
  /** Issuer identification number: who issued the ID. */
  iin: string;
  /** AAMVA version: 1 (DL/ID-2000) to 10 (2020) and later. */
  version: number;
  jurisdictionVersion: number | undefined;
  designators: Designator[];
  /** Index in the text just after the last designator. */
  dataStart: number;
}

/** The compliance indicator and separators that begin an intact payload. */
export const PAYLOAD_START = '@\n\x1e\r';

const FILE_TYPE = /(ANSI |AAMVA)(\d{6})(\d{2})/;

/**
 * Reads the header out of `text` wherever it starts (a scanner may type a prefix before it), or
 * undefined when there is none: the barcode is not an AAMVA licence or ID at all.
 */
export function readHeader(text: string): AamvaHeader | undefined {
  const match = FILE_TYPE.exec(text);
  if (!match) return undefined;
  const version = Number(match[3]);
  let at = match.index + match[0].length;
  let jurisdictionVersion: number | undefined;
  if (version >= 2) {
    jurisdictionVersion = Number(text.slice(at, at + 2));
    at += 2;
  }
  const entries = Number(text.slice(at, at + 2));
  at += 2;
  const designators: Designator[] = [];
  const designator = /^([A-Z]{2})(\d{4})(\d{4})/;
  for (let index = 0; index < (Number.isInteger(entries) ? entries : 0); index += 1) {
    const found = designator.exec(text.slice(at, at + 10));
    if (!found) break;
    designators.push({ type: found[1]!, offset: Number(found[2]), length: Number(found[3]) });
    at += 10;
  }
  return { iin: match[2]!, version, jurisdictionVersion, designators, dataStart: at };
}
