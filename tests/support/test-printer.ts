import { createServer, type Server, type Socket } from 'node:net';
import { decodeEscPos, type DecodedPrint } from './escpos-decoder.js';

/**
 * How the test printer behaves: takes prints, refuses connections (off), accepts and never takes
 * them, answers status requests with its paper roll out, or takes prints but never answers status requests (as some printers do).
 */
export type PrinterMode = 'ok' | 'refuse' | 'stall' | 'paper-out' | 'no-status';

/** ESC/POS real-time status request DLE EOT n, answered at once whatever else the printer is doing. */
const DLE = 0x10;
const EOT = 0x04;
/** The answer to DLE EOT 4 (roll paper sensor): fixed bits 1 and 4, plus bits 5 and 6 when out. */
const PAPER_PRESENT = 0x12;
const PAPER_OUT = 0x72;

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
    socket.on('data', (chunk: Buffer) => chunks.push(this.answerStatus(socket, chunk)));
    socket.on('end', () => {
      const job = Buffer.concat(chunks);
      // A status request alone is no job.
      if (job.length > 0) this.jobs.push(new Uint8Array(job));
      socket.end();
    });
  }

  /** Answers the status requests in `chunk` (unless `no-status`); answers the rest, the print. */
  private answerStatus(socket: Socket, chunk: Buffer): Buffer {
    const kept: number[] = [];
    for (let i = 0; i < chunk.length; i++) {
      if (chunk[i] === DLE && chunk[i + 1] === EOT && chunk[i + 2] === 4) {
        if (this.mode !== 'no-status')
          socket.write(Uint8Array.of(this.mode === 'paper-out' ? PAPER_OUT : PAPER_PRESENT));
        i += 2;
      } else kept.push(chunk[i]!);
    }
    return Buffer.from(kept);
  }

  private closeServer(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return Promise.resolve();
    return new Promise((resolve) => server.close(() => resolve()));
  }
}
