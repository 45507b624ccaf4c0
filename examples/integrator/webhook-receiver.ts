import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyWebhook } from './verify-webhook.js';

/**
 * `POST /webhooks/servicepay`: where ServicePay tells this shop of its orders and payments. The raw
 * body is verified against the endpoint's secret (SERVICEPAY_WEBHOOK_SECRET, shown when the endpoint
 * was added) before anything in it is trusted; a duplicate (same event id) is answered 200 and
 * ignored. Answer 2xx quickly: ServicePay retries anything else for three days.
 */
export function webhookReceiver(secret: string | undefined) {
  const seen = new Set<string>();
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    try {
      if (!secret) throw new Error('SERVICEPAY_WEBHOOK_SECRET is not set');
      const event = verifyWebhook(rawBody, request.headers['servicepay-signature'] as string | undefined, secret);
      if (!seen.has(event.id)) {
        seen.add(event.id);
        console.log(`webhook ${event.type} #${event.sequence} (${event.id})`);
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message);
    }
  };
}
