import type { IncomingMessage, ServerResponse } from 'node:http';
import { orderView } from './order-words.js';
import type { ServiceClient } from './service-client.js';
import type { OrderNewsBook } from './webhook-receiver.js';

/**
 * `GET /api/orders/<number>/updates`: the order page's live channel, as server-sent events (its
 * script, public/order.js, puts each in place). An `order` event carries what the page shows: first
 * the order as it is now (so nothing told between the page's render and this stream is missed, on a
 * reconnect too), then again each time ServicePay's webhooks tell this shop something of it. Each is
 * read back from the ticket API, as the checkout reads a payment back: a webhook says what happened,
 * the ticket where the order is now. One read at a time, and one more after news told during it, so
 * the last event sent is the newest.
 */
export function orderUpdates(client: Pick<ServiceClient, 'readOrder'>, book: OrderNewsBook) {
  return (request: IncomingMessage, response: ServerResponse, orderNumber: string): void => {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    let closed = false;
    let reading = false;
    let again = false;
    const send = async (): Promise<void> => {
      if (reading) return void (again = true);
      reading = true;
      do {
        again = false;
        try {
          const view = orderView(await client.readOrder(orderNumber), book.of(orderNumber));
          if (!closed) response.write(`event: order\ndata: ${JSON.stringify(view)}\n\n`);
        } catch (error) {
          // The page keeps what it shows; the next news (or the browser's reconnect) reads it again.
          console.error(`order ${orderNumber} could not be read again: ${(error as Error).message}`);
        }
      } while (again && !closed);
      reading = false;
    };
    const stop = book.follow(orderNumber, () => void send());
    request.on('close', () => {
      closed = true;
      stop();
    });
    void send();
  };
}
