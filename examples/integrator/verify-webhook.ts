import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a ServicePay webhook delivery: copy this function into your receiver. `rawBody` is the
 * request body exactly as received (before any JSON parsing), `header` the `ServicePay-Signature`
 * header, `secret` the endpoint's signing secret (`whsec_…`). Returns the parsed event, or throws
 * when the signature is wrong or the delivery was signed more than five minutes ago (a replay).
 */
export function verifyWebhook(rawBody: string, header: string | undefined, secret: string, now = Date.now()) {
  const parts = new Map((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const signature = Buffer.from(parts.get('v1') ?? '', 'hex');
  const expected = createHmac('sha256', secret)
    .update(`${parts.get('t')}.${rawBody}`, 'utf8')
    .digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) {
    throw new Error('the webhook signature does not match');
  }
  if (!Number.isInteger(timestamp) || Math.abs(now / 1000 - timestamp) > 300) {
    throw new Error('the webhook was signed more than 5 minutes ago');
  }
  return JSON.parse(rawBody) as { id: string; type: string; sequence: number; data: unknown };
}
