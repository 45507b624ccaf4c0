import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testApp } from '../support/demo-service.js';
import { listenOnLoopback } from '../support/real-port.js';

/** A raw connection to `port`, once it is open, with everything the service sends collected. */
async function rawConnection(port: number): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  await once(socket, 'connect');
  return { socket, received: () => Buffer.concat(chunks).toString('latin1') };
}

/** A service listening on a free loopback port, and that port. */
async function listening() {
  const app = await testApp();
  return { app, port: await listenOnLoopback(app) };
}

describe('a service stopping', () => {
  it('ends the connections no request came on (a browser preconnect) instead of waiting for their clients', async () => {
    const { app, port } = await listening();
    const spare = await rawConnection(port);
    const ended = once(spare.socket, 'close');
    // Before the fix, the stop waited here until the client gave the socket up (this one never does).
    await app.close();
    await ended;
    expect(spare.received()).toBe('');
  });

  it('still answers a request it was reading when the stop began, then ends its connection', async () => {
    const { app, port } = await listening();
    const client = await rawConnection(port);
    const arrived = once(app.server, 'request');
    client.socket.write(
      'POST /v9/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{',
    );
    // Its headers were read (its body not yet) when the stop begins.
    await arrived;
    const stopped = app.close();
    const ended = once(client.socket, 'close');
    client.socket.end('}');
    await Promise.all([stopped, ended]);
    expect(client.received()).toMatch(/^HTTP\/1\.1 404 /);
    expect(client.received()).toContain('"resultDetail":"no route POST /v9/nothing"');
  });
});
