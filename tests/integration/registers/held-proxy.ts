import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP proxy between a register and its store server that a test can stop at two points:
 * a forward held before it reaches the server, and a replica read answered by the server but held
 * on its way back; and it can stall the register's holds, as a server that hangs (its pings still
 * pass). Everything else passes through as it is (streams included).
 */
export interface HeldProxy {
  url: string;
  /** Holds the next forward the register sends; resolves, once it came, with what sends it on. */
  holdForward(): Promise<() => void>;
  /** The next replica read: the server's answer waits for `between` before it goes back. */
  delayReplica(between: () => Promise<void>): void;
  /**
   * Holds every hold the register sends from now on before it reaches the server, as a server that
   * hangs would; resolves with what sends them on (and stops stalling) once `count` came.
   */
  stallHolds(count: number): Promise<() => void>;
  /** How many replica reads came through. */
  replicaReads(): number;
  close(): Promise<void>;
}

export async function heldProxy(target: string): Promise<HeldProxy> {
  let forwardHeld: ((send: () => void) => void) | null = null;
  let replicaDelay: (() => Promise<void>) | null = null;
  let replicaReads = 0;
  let stalled: { count: number; held: (() => void)[]; came: (sendOn: () => void) => void } | null = null;

  const pass = (req: IncomingMessage, res: ServerResponse, between?: () => Promise<void>) => {
    const { host: _host, ...headers } = req.headers;
    const out = request(new URL(req.url ?? '/', target), { method: req.method, headers }, (answer) => {
      if (!between) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        void between().then(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(chunks));
        });
      });
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', target).pathname;
    if (path === '/v2.0/register/forward' && forwardHeld) {
      const held = forwardHeld;
      forwardHeld = null;
      held(() => pass(req, res));
    } else if (path === '/v2.0/register/holds' && req.method === 'POST' && stalled) {
      const stall = stalled;
      stall.held.push(() => pass(req, res));
      if (stall.held.length === stall.count) {
        stalled = null;
        stall.came(() => stall.held.forEach((send) => send()));
      }
    } else if (path === '/v2.0/register/replica') {
      replicaReads += 1;
      const between = replicaDelay ?? undefined;
      replicaDelay = null;
      pass(req, res, between);
    } else {
      pass(req, res);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    holdForward: () => new Promise((resolve) => (forwardHeld = resolve)),
    delayReplica: (between) => (replicaDelay = between),
    stallHolds: (count) => new Promise((came) => (stalled = { count, held: [], came })),
    replicaReads: () => replicaReads,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
