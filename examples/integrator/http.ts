import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A fresh nonce for one page's inline scripts (the SDK's queue stub). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content Security Policy an integrator's checkout needs for the SDK: the loader script and the
 * widget frame from the service's origin, our own scripts, and the inline queue stub by nonce.
 * The loader styles its elements through the CSSOM, so no 'unsafe-inline' style is needed.
 */
export function checkoutPolicy(serviceOrigin: string, nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${serviceOrigin}`,
    `frame-src ${serviceOrigin}`,
    "connect-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function sendHtml(response: ServerResponse, html: string, policy: string): void {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(html);
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/** Reads a small JSON body (a cart); anything else is refused. */
export async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) throw new Error('request body too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

/** Escapes text for HTML (the pages embed names from the catalog). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
