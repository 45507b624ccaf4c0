import { createHash } from 'node:crypto';
import { ServicePayError } from '../../../shared/errors.js';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** SHA-256 of a JSON value with its object keys sorted, so key order does not change the hash. */
export function canonicalHash(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('hex');
}

/** The refusal of an Idempotency-Key sent again with another request than its first (the hashes differ). */
export function idempotencyKeyReused(what: 'ticket' | 'payment' | 'refund'): ServicePayError {
  return new ServicePayError(
    'CONFLICT',
    `Idempotency-Key was already used with a different request; use a new key for a new ${what}`,
    { field: 'Idempotency-Key' },
  );
}
