import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * How the endpoint misbehaves once it has the request: it closes the connection without a word,
 * resets it, answers bytes that are not HTTP, or HTTP whose header has a control character.
 */
export type Misbehaviour = 'hang-up' | 'reset' | 'not-http' | 'bad-header' | 'bad-status';

const ANSWERS: Record<Exclude<Misbehaviour, 'hang-up' | 'reset'>, string> = {
  'not-http': 'hello, this is not a web server\r\n\r\n',
  'bad-header': 'HTTP/1.1 200 OK\r\nX-Note: a\x01b\r\nContent-Length: 2\r\n\r\nok',
  'bad-status': 'HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n',
};

/** A real TCP server on 127.0.0.1 that takes a webhook's request and answers it as no HTTP server should. */
export class MisbehavingReceiver {
  misbehaviour: Misbehaviour = 'hang-up';
  /** Requests it took (their first bytes), so a test knows the try reached it. */
  readonly requests: string[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((socket: Socket) => {
      socket.once('data', (chunk: Buffer) => {
        this.requests.push(chunk.toString('latin1').split('\r\n')[0]!);
        const mode = this.misbehaviour;
        if (mode === 'hang-up') socket.destroy();
        else if (mode === 'reset') socket.resetAndDestroy();
        else socket.end(ANSWERS[mode]);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
