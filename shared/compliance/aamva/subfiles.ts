import { PAYLOAD_START, readHeader, type AamvaHeader } from './header.js';
import { splitRunTogether, type Subfile } from './run-together.js';
import { normalizeWedgeText } from './wedge.js';

/** The header and the subfiles of a payload. */
export interface Payload {
  header: AamvaHeader;
  subfiles: Subfile[];
}

function elementsOf(lines: Iterable<string>): Map<string, string> {
  const elements = new Map<string, string>();
  for (const line of lines) {
    const id = line.slice(0, 3);
    // The first occurrence wins: a repeated element is a scanner echo, not a correction.
    if (line.length >= 3 && !elements.has(id)) elements.set(id, line.slice(3).trim());
  }
  return elements;
}

/**
 * The standard's way: each designator's offset and length cut out its subfile, which begins with its
 * type and ends with CR. Only an intact payload passes; several jurisdictions are known to write
 * offsets or lengths off by a few characters, and a wedge that drops a control character shifts
 * them all, so any mismatch sends the text to `byScanning` instead.
 */
function byOffsets(scanned: string): Payload | undefined {
  const start = scanned.indexOf(PAYLOAD_START);
  if (start < 0) return undefined;
  const data = scanned.slice(start);
  const header = readHeader(data);
  if (!header || header.designators.length === 0) return undefined;
  const subfiles: Subfile[] = [];
  for (const { type, offset, length } of header.designators) {
    const text = data.slice(offset, offset + length);
    if (text.length !== length || !text.startsWith(type) || !text.endsWith('\r')) return undefined;
    subfiles.push({ type, elements: elementsOf(text.slice(2, -1).split('\n')) });
  }
  return { header, subfiles };
}

/**
 * The tolerant way, on normalized text: a line that begins with a declared subfile type followed by
 * an element id starts that subfile ("DLDAQ…", "ZCZCA…"), as does a type alone on its line; other
 * lines are elements of the current one. No element id begins with "DL", "ID" or "Z", so the two
 * cannot be confused.
 */
function byScanning(scanned: string): Payload | undefined {
  const text = normalizeWedgeText(scanned);
  const header = readHeader(text);
  if (!header) return undefined;
  const body = text.slice(header.dataStart);
  const types = new Set(['DL', 'ID', ...header.designators.map((designator) => designator.type)]);
  if (!body.includes('\n')) {
    // Without separators only the header's own list is safe: "DAVID" + "DAU…" reads as an ID subfile.
    const declared = header.designators.length > 0 ? header.designators : [{ type: 'DL' }, { type: 'ID' }];
    return { header, subfiles: splitRunTogether(body, declared, header.version) };
  }
  const subfiles: { type: string; lines: string[] }[] = [];
  for (const line of body.split('\n')) {
    const type = line.slice(0, 2);
    if (types.has(type) && /^([A-Z]{3}|\s*$)/.test(line.slice(2))) subfiles.push({ type, lines: [line.slice(2)] });
    else if (line.trim() !== '') subfiles.at(-1)?.lines.push(line);
  }
  return { header, subfiles: subfiles.map(({ type, lines }) => ({ type, elements: elementsOf(lines) })) };
}

/** The header and subfiles of scanned text, or undefined when it holds no AAMVA header. */
export function readPayload(scanned: string): Payload | undefined {
  return byOffsets(scanned) ?? byScanning(scanned);
}
