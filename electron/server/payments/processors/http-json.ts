import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** An HTTP answer with its body parsed as JSON (null when it was not JSON). */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Why no answer came: `unsent` when the request never reached the peer, `lost` when it may have. */
export class HttpFailure extends Error {
  constructor(
    readonly kind: 'unsent' | 'lost',
    message: string,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** Connection errors raised before anything was sent. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One JSON request on a connection of its own (no pool: nothing lingers to keep either side from
 * closing), bounded by `timeoutMs` from start to the last byte of the answer.
 */
export function requestJson(
  url: string,
  options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: object; timeoutMs: number },
): Promise<JsonAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers = {
      ...options.headers,
      ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    let connected = false;
    const outgoing = send(target, { method: options.method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => reject(new HttpFailure('lost', error.message)));
      response.on('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = null;
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    outgoing.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    const timer = setTimeout(() => {
      outgoing.destroy(new HttpFailure(connected ? 'lost' : 'unsent', `no answer in ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error instanceof HttpFailure) return reject(error);
      const unsent = !connected && error.code !== undefined && NEVER_SENT.has(error.code);
      reject(new HttpFailure(unsent ? 'unsent' : 'lost', error.code ?? error.message));
    });
    outgoing.end(payload);
  });
}
