import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random credential: `prefix` + 32 random bytes in base64url (256 bits). */
export function randomSecret(prefix: string, bytes = 32): string {
  return `${prefix}${randomBytes(bytes).toString('base64url')}`;
}

/**
 * SHA-256 of a high-entropy secret (tokens, client secrets). A fast hash is right here: these
 * secrets are random 256-bit values, not passwords, so there is nothing to brute-force.
 */
export function sha256(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Compares two hex digests in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
