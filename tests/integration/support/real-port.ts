import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors.js';

/** An answer read off the wire. */
export interface WireAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** Listens on a free loopback port; answers the port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * One HTTP request to 127.0.0.1:`port` with exactly these headers (unlike fetch, `Host` and
 * `Origin` can be anything, as a rebinding page or a script sends them).
 */
export function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<WireAnswer> {
  // Node's client frames a body with chunked encoding for POST, PUT and PATCH only: a DELETE's body
  // would go out unframed and be read as the start of the next request on the connection.
  const headers = { ...options.headers };
  const framed = Object.keys(headers).some((name) => /^(content-length|transfer-encoding)$/i.test(name));
  if (options.body !== undefined && !framed) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers as Record<string, string>, text }),
        );
      },
    );
    call.on('error', reject);
    call.end(options.body);
  });
}

/** Writes `bytes` on a fresh connection and parses the one answer (for requests no HTTP client would send). */
export function sendRaw(port: number, bytes: string): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    const timer = setTimeout(
      () => socket.destroy(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 60))}`)),
      5000,
    );
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', (error) => (clearTimeout(timer), reject(error)));
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: rest.join('\r\n\r\n') });
    });
  });
}

/**
 * Asserts the one error shape: JSON with exactly resultCode FAIL, a known resultReason and a
 * sentence for a person (no Fastify or parser code in it). Answers the parsed body.
 */
export function expectFailure(answer: WireAnswer, status: number, reason?: string) {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { resultCode: string; resultReason: string; resultDetail: string };
  expect(Object.keys(body).sort()).toEqual(['resultCode', 'resultDetail', 'resultReason']);
  expect(body.resultCode).toBe('FAIL');
  expect(ERROR_CODES).toContain(body.resultReason);
  if (reason) expect(body.resultReason).toBe(reason);
  expect(body.resultDetail).toMatch(/^[a-zA-Z"].{15,}/);
  expect(body.resultDetail).not.toMatch(/FST_|HPE_|ERR_|statusCode/);
  return body;
}
