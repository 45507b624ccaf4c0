import { randomBytesPooled } from './random-pool.js';

/** The millisecond of the last id made here, and how many were made in it (RFC 9562's method 1 counter). */
let lastMs = -1;
let inMs = 0;

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix milliseconds, a 12-bit counter of the
 * ids this process made in that millisecond, then random bits. New rows land at the right edge of
 * their indexes instead of on a random page, so a group commit writes a few pages instead of one per
 * row; and ids of one millisecond (a fixed clock's, a burst's) sort in the order they were made, so
 * rows read back by time then id (the audit trail) come in that order. Past 4,096 in one
 * millisecond the counter starts again (still unique by the random bits, no longer in order).
 */
export function timeOrderedUuid(now = Date.now()): string {
  if (now === lastMs) inMs = (inMs + 1) & 0x0fff;
  else [lastMs, inMs] = [now, 0];
  const bytes = randomBytesPooled(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (inMs >> 8); // version 7, then the counter's high 4 bits
  bytes[7] = inMs & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
