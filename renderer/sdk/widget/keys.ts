/**
 * Idempotency keys of pay requests. crypto.getRandomValues works on plain http too (a store's LAN
 * address), where crypto.randomUUID does not.
 */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
