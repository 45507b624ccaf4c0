import { createHash } from 'node:crypto';

// A fixed namespace for the demo's name-based ids; never change it, docs and tests cite the results.
const NAMESPACE = '6f1c1f3e-8d0a-4b5e-9a57-0c3e5d2b7a10';

/** A name-based (version 5) UUID: the same demo name always gives the same id. */
export function demoUuid(name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Appends the GS1 check digit to 7, 11, 12 or 13 digits (GTIN-8, UPC-A, EAN-13, GTIN-14). */
export function withCheckDigit(digits: string): string {
  const sum = [...digits]
    .reverse()
    .reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}
