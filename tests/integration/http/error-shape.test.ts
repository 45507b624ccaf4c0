import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoService, type DemoService } from '../support/demo-service.js';
import { expectFailure, listenOnLoopback, send, sendRaw } from '../support/real-port.js';

let service: DemoService;
let port: number;
beforeAll(async () => {
  service = await demoService();
  port = await listenOnLoopback(service.app);
});
afterAll(() => service.close());

const request = (head: string, body = '') => `${head.replace(/\n/g, '\r\n')}\r\n\r\n${body}`;

describe('one error shape at every layer, over a real port', () => {
  it('a path parameter longer than the router takes: 414 URI_TOO_LONG, not Fastify’s own body', async () => {
    const answer = await send(port, { path: `/v2.0/dispensary/${'a'.repeat(300)}/catalog` });
    expect(expectFailure(answer, 414, 'URI_TOO_LONG').resultDetail).toMatch(/longer than 100 characters/);
  });

  it('a NUL character in the path or the body: 400 naming the field (PostgreSQL cannot hold one)', async () => {
    const path = await send(port, { path: '/v2.0/dispensary/de%00mo/catalog', headers: service.headers });
    expect(expectFailure(path, 400, 'INVALID_INPUT').resultDetail).toMatch(
      /dispensaryShortName must not contain a NUL/,
    );
    const body = await send(port, {
      method: 'POST',
      path: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: { ...service.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'PICKUP', items: [{ productId: 'a\u0000b', quantity: 1 }] }),
    });
    expect(expectFailure(body, 400, 'INVALID_INPUT').resultDetail).toMatch(/items\[0\]\.productId must not contain/);
  });

  it('a %-escape that does not decode: 400 naming the URL path', async () => {
    const answer = await send(port, { path: '/v2.0/dispensary/%E0%A4%A/catalog' });
    expect(expectFailure(answer, 400, 'INVALID_INPUT').resultDetail).toMatch(/URL path is not valid/);
  });

  it.each([
    [
      'a NUL in a header',
      request('GET /health HTTP/1.1\nHost: 127.0.0.1\nX-Note: a\u0000b'),
      /character HTTP does not allow/,
    ],
    [
      'both Content-Length and Transfer-Encoding',
      request(
        'POST /auth-v2/login HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 5\nTransfer-Encoding: chunked',
        '0\r\n\r\n',
      ),
      /both Content-Length and Transfer-Encoding/,
    ],
    [
      'a chunk size that is not hexadecimal',
      request('POST /auth-v2/login HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked', 'zz\r\nabc\r\n0\r\n\r\n'),
      /hexadecimal size/,
    ],
    [
      'two Content-Length headers',
      request('POST /auth-v2/login HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 2\nContent-Length: 3', 'ab'),
      /more than one Content-Length/,
    ],
    ['a method that is not HTTP', request('FETCH!ME / HTTP/1.1\nHost: 127.0.0.1'), /not an HTTP method/],
    ['not HTTP at all', 'hello there\r\n\r\n', /./],
    ['HTTP/2 bytes on an HTTP/1 port', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', /not valid HTTP/],
  ])('malformed HTTP (%s): 400 in the one shape', async (_name, bytes, detail) => {
    const answer = await sendRaw(port, bytes);
    expect(expectFailure(answer, 400, 'INVALID_INPUT').resultDetail).toMatch(detail);
  });

  it('headers over 16 KiB: 431 HEADERS_TOO_LARGE', async () => {
    const answer = await sendRaw(port, request(`GET /health HTTP/1.1\nHost: 127.0.0.1\nX-Big: ${'a'.repeat(20_000)}`));
    expectFailure(answer, 431, 'HEADERS_TOO_LARGE');
  });

  it('a CONNECT (proxy tunnel) and a request without Host are answered in the shape too', async () => {
    expectFailure(await sendRaw(port, request('CONNECT 127.0.0.1:22 HTTP/1.1\nHost: 127.0.0.1:22')), 404, 'NOT_FOUND');
    const noHost = await sendRaw(port, request('GET /health HTTP/1.0'));
    expect(expectFailure(noHost, 400, 'INVALID_INPUT').resultDetail).toMatch(/no Host header/);
  });

  it('unknown routes, bodies that are not JSON, too large or of another type: the one shape', async () => {
    const headers = { ...service.headers, 'content-type': 'application/json' };
    const ticket = '/v2.0/dispensary/demo/ecommerce/ticket';
    expectFailure(await send(port, { path: `/nowhere/${'x'.repeat(5000)}` }), 404, 'NOT_FOUND');
    expectFailure(await send(port, { method: 'DELETE', path: ticket, headers: service.headers }), 404, 'NOT_FOUND');
    expectFailure(await send(port, { method: 'POST', path: ticket, headers, body: '{"type":' }), 400, 'INVALID_INPUT');
    expectFailure(await send(port, { method: 'POST', path: ticket, headers, body: '' }), 400, 'INVALID_INPUT');
    const big = JSON.stringify({ type: 'PICKUP', items: [], pad: 'x'.repeat(300 * 1024) });
    expectFailure(await send(port, { method: 'POST', path: ticket, headers, body: big }), 413, 'PAYLOAD_TOO_LARGE');
    const text = { ...headers, 'content-type': 'text/csv' };
    expectFailure(await send(port, { method: 'POST', path: ticket, headers: text, body: 'a,b' }), 415);
    const proto = '{"type":"PICKUP","items":[],"__proto__":{"admin":true}}';
    expectFailure(await send(port, { method: 'POST', path: ticket, headers, body: proto }), 400, 'INVALID_INPUT');
  });
});
