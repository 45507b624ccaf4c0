import { randomBytesPooled } from './random-pool.js';

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, then random bits. New
 * rows land at the right edge of their indexes instead of on a random page, so a group commit
 * writes a few pages instead of one per row.
 */
export function timeOrderedUuid(now = Date.now()): string {
  const bytes = randomBytesPooled(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
