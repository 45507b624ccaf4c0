import { createServer } from 'node:net';

/**
 * Ports for the servers tests start in other processes (a `serve` child, a PostgreSQL cluster),
 * which must be told a port before they bind it.
 *
 * A port the system picks (`listen(0)`), released and then handed to a child was free only at that
 * moment: until the child binds it, the system may give it to another worker's probe, or to an
 * outgoing connection, and then two tests wait on one port and the health check one of them reads
 * is the other's service. So in a test worker (vitest's `VITEST_POOL_ID`, Playwright's
 * `TEST_PARALLEL_INDEX`) a port comes from a block of the worker's own, below the system's
 * ephemeral range (Linux: 32768–60999): no other worker, no port the system picks and no outgoing
 * connection takes one, and the worker hands each out in turn, skipping one still bound.
 * Elsewhere (a global setup, a benchmark: one process at a time) the system picks it.
 */

/** Where the workers' blocks start, and how many ports each has. */
export const PORT_BLOCKS = { vitest: 20_000, playwright: 26_000, size: 400 } as const;

/** The ports a worker may hand out (first, and how many), or null outside a test worker. */
export function portBlock(env: NodeJS.ProcessEnv): { first: number; size: number } | null {
  const { size } = PORT_BLOCKS;
  // vitest numbers its workers from 1, Playwright from 0; each at most a dozen or so here.
  const vitest = Number(env.VITEST_POOL_ID);
  if (Number.isInteger(vitest) && vitest >= 1 && vitest <= 14)
    return { first: PORT_BLOCKS.vitest + vitest * size, size };
  const playwright = Number(env.TEST_PARALLEL_INDEX);
  if (env.TEST_PARALLEL_INDEX !== undefined && Number.isInteger(playwright) && playwright >= 0 && playwright < 14)
    return { first: PORT_BLOCKS.playwright + playwright * size, size };
  return null;
}

/** Binds `port` of 127.0.0.1 (0: any) and releases it: the port bound, or null when it is taken. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(null) : reject(error),
    );
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/** The next port of this worker's block to try (kept for the worker's life: its files share modules). */
let turn = 0;

/** A TCP port of 127.0.0.1 free now, for a server a test starts in another process. */
export async function freePort(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const block = portBlock(env);
  if (block) {
    for (let tried = 0; tried < block.size; tried += 1) {
      const port = block.first + (turn++ % block.size);
      if ((await probe(port)) !== null) return port;
    }
  }
  const port = await probe(0);
  if (port === null) throw new Error('no free port on 127.0.0.1');
  return port;
}
