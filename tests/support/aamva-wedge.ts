/**
 * What a keyboard-wedge scanner types for an AAMVA payload (aamva-samples.ts), mangled the ways real
 * ones mangle it (shared/compliance/aamva/wedge.ts explains each). Unit tests parse these bursts;
 * Playwright types them into the POS key by key, as a scanner would.
 */

const LF = '\n';
const RS = '\x1e';
const CR = '\r';

/** The ways keyboard-wedge scanners type a payload (see shared/compliance/aamva/wedge.ts). */
export const WEDGE_STYLES = [
  'exact',
  'enter-keys',
  'crlf',
  'dropped-controls',
  'named-controls',
  'caps-lock',
  'prefixed',
] as const;
export type WedgeStyle = (typeof WEDGE_STYLES)[number];

const swapCase = (text: string) =>
  text.replace(/[a-zA-Z]/g, (letter) =>
    letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase(),
  );

/** What a wedge scanner set up in `style` types for `payload`. */
export function wedgeBurst(payload: string, style: WedgeStyle): string {
  const enterKeys = payload.replaceAll(RS, '').replaceAll(CR, LF);
  switch (style) {
    case 'exact':
      return payload;
    case 'enter-keys':
      return enterKeys;
    case 'crlf':
      return payload.replaceAll(RS, '').replaceAll(CR, LF).replaceAll(LF, `${CR}${LF}`);
    case 'dropped-controls':
      return payload.replaceAll(LF, '').replaceAll(CR, '').replaceAll(RS, '');
    case 'named-controls':
      return payload.replaceAll(LF, '<LF>').replaceAll(CR, '<CR>').replaceAll(RS, '<RS>');
    case 'caps-lock':
      return swapCase(enterKeys);
    case 'prefixed':
      // The AIM symbology identifier of PDF417, and the Enter many scanners send after a code.
      return `]L2${enterKeys}${LF}`;
  }
}
