import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, PORT_BLOCKS, portBlock } from '../../support/free-port.js';

/** Holds `port` of 127.0.0.1 until `close`. */
function hold(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => resolve(server));
  });
}

const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the ports tests hand to the servers they start', () => {
  it('comes from a block of each worker of its own, below the system’s ephemeral ports', () => {
    const blocks = [
      portBlock({ VITEST_POOL_ID: '1' }),
      portBlock({ VITEST_POOL_ID: '2' }),
      portBlock({ TEST_PARALLEL_INDEX: '0' }),
      portBlock({ TEST_PARALLEL_INDEX: '1' }),
    ].map((block) => block!);
    blocks.forEach((block, at) => {
      expect(block.first + block.size).toBeLessThanOrEqual(32_768);
      for (const other of blocks.slice(at + 1)) {
        expect(block.first + block.size <= other.first || other.first + other.size <= block.first).toBe(true);
      }
    });
    expect(portBlock({})).toBeNull();
    expect(portBlock({ VITEST_POOL_ID: 'x' })).toBeNull();
  });

  it('hands each port of the block in turn, skipping one still bound', async () => {
    const env = { VITEST_POOL_ID: '13' };
    const { first, size } = portBlock(env)!;
    const inBlock = (port: number) => port >= first && port < first + size;
    const a = await freePort(env);
    expect(inBlock(a)).toBe(true);
    // The port after it is taken (a service still running): the next one handed out is past it.
    const taken = first + ((a - first + 1) % size);
    held.push(await hold(taken));
    const b = await freePort(env);
    expect(inBlock(b)).toBe(true);
    expect([a, taken]).not.toContain(b);
    held.push(await hold(b));
  });

  it('outside a test worker, takes the port the system picks', async () => {
    const port = await freePort({});
    expect(port).toBeGreaterThanOrEqual(1024);
    expect(port < PORT_BLOCKS.vitest || port >= PORT_BLOCKS.playwright + 14 * PORT_BLOCKS.size).toBe(true);
    held.push(await hold(port));
  });
});
