import { createServer, type Server, type Socket } from 'node:net';
import { decodeEscPos, type DecodedPrint } from './escpos-decoder.js';

/** How the test printer behaves: takes prints, refuses connections (off), or accepts and never takes them. */
export type PrinterMode = 'ok' | 'refuse' | 'stall';

/**
 * A raw TCP receipt printer on 127.0.0.1 for tests: it records every job it is sent (one
 * connection, until the sender ends it) and closes its end when the job is in, as a network printer
 * on port 9100 does. `refuse` closes the port (connections are refused); `stall` accepts and then
 * neither reads nor closes.
 */
export class TestPrinter {
  readonly jobs: Uint8Array[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private mode: PrinterMode = 'ok';
  port = 0;

  /** Starts listening on a free port of 127.0.0.1. */
  async start(): Promise<this> {
    await this.listen(0);
    return this;
  }

  /** `tcp://127.0.0.1:<port>`: what the register's printer is set to. */
  get address(): string {
    return `tcp://127.0.0.1:${this.port}`;
  }

  /** The jobs received so far, decoded. */
  get decoded(): DecodedPrint[] {
    return this.jobs.map(decodeEscPos);
  }

  async setMode(mode: PrinterMode): Promise<void> {
    const wasListening = this.mode !== 'refuse';
    this.mode = mode;
    if (mode === 'refuse' && wasListening) await this.closeServer();
    if (mode !== 'refuse' && !wasListening) await this.listen(this.port);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.mode !== 'refuse') await this.closeServer();
  }

  private listen(port: number): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    if (this.mode === 'stall') {
      socket.pause();
      return;
    }
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      this.jobs.push(new Uint8Array(Buffer.concat(chunks)));
      socket.end();
    });
  }

  private closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
