import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveHub } from '../../../electron/server/core/live-hub.js';
import type { DataLayer } from '../../../electron/server/db/data-layer.js';
import { LiveHub as Hub } from '../../../electron/server/core/live-hub.js';
import { handleError } from '../../../electron/server/http/errors.js';
import { SseStreams } from '../../../electron/server/live/sse-stream.js';
import { SSE_HEARTBEAT } from '../../../shared/sse.js';

/** A hub on no database: it delivers what this instance publishes, which is all these tests need. */
const hub = (): LiveHub => new Hub({ shared: false, listen: () => () => undefined } as unknown as DataLayer);

/**
 * An app with one event stream whose current state is read when `state` settles; `onClose` runs
 * once the streams were told the app closes.
 */
async function streamingApp(state: Promise<void>, onClose: () => void = () => undefined) {
  const app = Fastify();
  app.setErrorHandler(handleError);
  const streams = new SseStreams(app, hub());
  app.addHook('preClose', async () => onClose());
  app.get('/events', (request, reply) => streams.stream(request, reply, ['t'], () => state.then(() => [])));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/events`;
  return { app, url };
}

let closing: Promise<unknown> | null = null;
afterEach(async () => {
  await closing;
  closing = null;
});

describe('event streams when the service stops', () => {
  it('ends the open streams, so the service stops', async () => {
    const { app, url } = await streamingApp(Promise.resolve());
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const body = response.text();
    closing = app.close();
    await closing;
    // The stream ended with the service: its first comment, then nothing.
    expect(await body).toBe(SSE_HEARTBEAT);
  });

  it('does not open a stream whose state was still being read when the service began to stop', async () => {
    let read!: () => void;
    const state = new Promise<void>((resolve) => (read = resolve));
    // The state is read once the close has begun (the streams' own hook ran).
    const { app, url } = await streamingApp(state, () => read());
    const asked = fetch(url);
    // The request is in: its current state is being read.
    await new Promise<void>((resolve) => app.server.once('request', () => setImmediate(resolve)));
    closing = app.close();
    const response = await asked;
    expect(response.status).toBe(503);
    expect(((await response.json()) as { resultDetail: string }).resultDetail).toContain('stopping');
    // Nothing is left open: the close finishes.
    await closing;
  });
});
