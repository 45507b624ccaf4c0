import { createHash, randomUUID } from 'node:crypto';

/** The Idempotency-Key a refund was sent with, and the hash of its request. */
export interface RefundKey {
  key: string;
  hash: string;
}

/**
 * The id of a refund of `paymentId`, which is also its reference at the processor. Sent with an
 * Idempotency-Key, the same request on the same payment gets the same id (a UUID made of their
 * SHA-256): a retry after a refund the processor made but the service could not record (the write
 * failed, the process stopped) asks the processor again by that reference, and the processor, which
 * knows each refund by its reference, answers the refund it made instead of making a second one.
 * Without a key, a new random id.
 */
export function refundIdOf(paymentId: string, keyed?: RefundKey): string {
  if (!keyed) return randomUUID();
  const hex = createHash('sha256').update(`refund\n${paymentId}\n${keyed.key}\n${keyed.hash}`).digest('hex');
  // The layout of a UUID (version 8: made by the application; the RFC 9562 variant).
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
