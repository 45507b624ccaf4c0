import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver got it: headers and the raw body. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the next request: a status, or never (a stalled receiver). */
export type Answer = number | 'stall';

/**
 * A real integrator's endpoint on 127.0.0.1: records every request and answers each with the next
 * of `answers` (then with `otherwise`).
 */
export class TestReceiver {
  readonly received: Received[] = [];
  answers: Answer[] = [];
  otherwise: Answer = 200;
  private server: Server | undefined;
  private readonly waiters = new Set<() => void>();

  async start(port = 0): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        for (const wake of this.waiters) wake();
        const answer = this.answers.shift() ?? this.otherwise;
        if (answer === 'stall') return;
        response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer === 200 ? 'ok' : 'receiver is down');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** The events received so far, parsed. */
  events(): { id: string; type: string; sequence: number; data: Record<string, unknown> }[] {
    return this.received.map((entry) => JSON.parse(entry.body) as ReturnType<TestReceiver['events']>[number]);
  }

  /** Resolves once `count` requests have arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.received.length} of ${count} deliveries arrived`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          resolve();
        };
        this.waiters.add(wake);
        setTimeout(wake, 100);
      });
    }
  }

  /** Cuts every open connection: the tries it stalls end at once (the sender sees a reset). */
  drop(): void {
    this.server?.closeAllConnections();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
