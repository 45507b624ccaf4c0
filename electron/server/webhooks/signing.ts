import { createHmac } from 'node:crypto';
import { randomSecret } from '../auth/secrets.js';

/** A new signing secret: `whsec_` and 32 random bytes (the HMAC key is the whole string, UTF-8). */
export function newSigningSecret(): string {
  return randomSecret('whsec_');
}

/**
 * The `ServicePay-Signature` header of a delivery: `t=<unix seconds>,v1=<hex>` where the hex is the
 * HMAC-SHA256, keyed by the endpoint's secret, of `<t>.<raw body>` — Stripe's scheme, so the
 * timestamp is signed too and an old delivery cannot be replayed later
 * (examples/integrator/verify-webhook.ts checks it).
 */
export function signatureHeader(secret: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}
