import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyWebhook } from './verify-webhook.js';

/** One event ServicePay told this shop of an order. */
export interface OrderNews {
  type: string;
  sequence: number;
}

/**
 * What the shop was told of each order, by order number, in sequence order (events may arrive out
 * of order or twice), and who follows an order's news (its page, open in a browser). A real shop
 * keeps the news in its database.
 */
export class OrderNewsBook {
  private readonly byOrder = new Map<string, OrderNews[]>();
  private readonly followers = new Map<string, Set<() => void>>();

  record(orderNumber: string, news: OrderNews): void {
    const list = this.byOrder.get(orderNumber) ?? [];
    list.push(news);
    list.sort((a, b) => a.sequence - b.sequence);
    this.byOrder.set(orderNumber, list);
    for (const told of this.followers.get(orderNumber) ?? []) told();
  }

  of(orderNumber: string): readonly OrderNews[] {
    return this.byOrder.get(orderNumber) ?? [];
  }

  /** Calls `told` after each news of the order recorded from now on; answers how to stop. */
  follow(orderNumber: string, told: () => void): () => void {
    const followers = this.followers.get(orderNumber) ?? new Set();
    followers.add(told);
    this.followers.set(orderNumber, followers);
    return () => {
      followers.delete(told);
      if (followers.size === 0) this.followers.delete(orderNumber);
    };
  }
}

/**
 * The order an event is news of for its customer, or null: every `order.*` event, and a refund of one
 * of its payments (`payment.refunded`, which names its order by `ticketAlphaNumId`: a return after
 * pickup changes no order status, so no `order.*` event tells it).
 */
export function newsOf(type: string, data: unknown): string | null {
  const fields = (data ?? {}) as { orderNumber?: string; ticketAlphaNumId?: string | null };
  if (type.startsWith('order.')) return fields.orderNumber ?? null;
  if (type === 'payment.refunded') return fields.ticketAlphaNumId ?? null;
  return null;
}

/**
 * `POST /webhooks/servicepay`: where ServicePay tells this shop of its orders and payments. The raw
 * body is verified against the endpoint's secret (SERVICEPAY_WEBHOOK_SECRET, shown when the endpoint
 * was added) before anything in it is trusted; a duplicate (same event id) is answered 200 and
 * ignored. Answer 2xx quickly: ServicePay retries anything else for three days.
 */
export function webhookReceiver(secret: string | undefined, book: OrderNewsBook) {
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
        const orderNumber = newsOf(event.type, event.data);
        if (orderNumber) book.record(orderNumber, { type: event.type, sequence: event.sequence });
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end((error as Error).message);
    }
  };
}
