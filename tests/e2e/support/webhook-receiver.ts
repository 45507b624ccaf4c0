import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, type WebhookEvent } from '../../../shared/contracts/webhooks.js';

/** One delivery as the receiver got it: the raw body, its signature header, the event. */
export interface ReceivedDelivery {
  body: string;
  signature: string;
  event: WebhookEvent;
  /** The status the receiver answered it with. */
  answered: number;
}

/**
 * An integrator's webhook receiver: plain HTTP on 127.0.0.1 (an endpoint added for local testing),
 * answering every delivery with `status` (500 while "down", 200 once fixed) and keeping what it got.
 */
export class WebhookReceiver {
  status = 500;
  /** True: takes each delivery and closes the connection without answering (a receiver that crashed mid-request). */
  hangUp = false;
  readonly received: ReceivedDelivery[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    let receiver: WebhookReceiver | null = null;
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (receiver!.hangUp) {
          request.socket.destroy();
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        const answered = receiver!.status;
        const signature = String(request.headers[SIGNATURE_HEADER.toLowerCase()] ?? '');
        receiver!.received.push({ body, signature, event: JSON.parse(body) as WebhookEvent, answered });
        response.writeHead(answered, { 'content-type': 'text/plain' });
        response.end(answered === 200 ? 'ok' : 'order sync is down for maintenance');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new WebhookReceiver(server, `http://127.0.0.1:${port}/hooks/servicepay`);
    return receiver;
  }

  /** The deliveries of one event type, in the order they came. */
  of(type: string): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.event.type === type);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
