import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { networkFailure } from '../../../shared/network-failures.js';
import { guardedLookup, PrivateAddressError, refuseLiteralPrivate } from './url-guard.js';

/** What one try got: the receiver's status, or why there was no answer, in words for the log. */
export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  result: string;
  /** The first bytes of the answer's body, as they came ('' without an answer). */
  text: string;
}

/** The most of a receiver's answer kept in the log. */
const KEPT_BYTES = 300;

function describe(error: unknown): string {
  if (error instanceof PrivateAddressError) return `refused: ${error.message}`;
  // The words, then what Node said for the log: the API's record keeps both, people's screens the words.
  const { code, message } = error as NodeJS.ErrnoException;
  return networkFailure({ code, message });
}

/** Reads at most KEPT_BYTES of the answer, and drains the rest. */
function firstBytes(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let kept = 0;
    response.on('data', (chunk: Buffer) => {
      if (kept < KEPT_BYTES) chunks.push(chunk.subarray(0, KEPT_BYTES - kept));
      kept += chunk.length;
    });
    response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    response.on('error', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** How a try is sent: the guard against private addresses, and how long it may take. */
export interface SendOptions {
  allowLocal: boolean;
  timeoutMs: number;
}

/**
 * POSTs one delivery. 2xx is received; anything else — another status (redirects are not
 * followed), no answer within `timeoutMs`, a refused or private address — is a failed try.
 */
export function postDelivery(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendResult> {
  return sendRequest(target, { method: 'POST', body, headers }, options);
}

/**
 * Sends one request to an outside system (a webhook receiver, the state's API) with the same
 * guard: a literal private address, or a name resolving to one, is refused unless `allowLocal`.
 */
export function sendRequest(
  target: string,
  message: { method: 'POST' | 'PUT' | 'DELETE'; body: string | null; headers: Record<string, string> },
  options: SendOptions,
): Promise<SendResult> {
  return new Promise((resolve) => {
    const url = new URL(target);
    try {
      refuseLiteralPrivate(url, options.allowLocal);
    } catch (error) {
      resolve({ ok: false, statusCode: null, result: describe(error), text: '' });
      return;
    }
    const { body } = message;
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, {
      method: message.method,
      headers:
        body === null
          ? message.headers
          : { ...message.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      lookup: guardedLookup(options.allowLocal),
      timeout: options.timeoutMs,
    });
    const timer = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    const finish = (result: SendResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      finish({
        ok: false,
        statusCode: null,
        result: error.message === 'timeout' ? `timed out after ${seconds} s` : describe(error),
        text: '',
      });
    });
    request.on('response', (response) => {
      void firstBytes(response).then((text) => {
        const status = response.statusCode ?? 0;
        const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
        const shown = text.replace(/\s+/g, ' ').trim();
        finish({
          ok: status >= 200 && status < 300,
          statusCode: status,
          result: `HTTP ${status}${redirect}${shown ? `: ${shown}` : ''}`,
          text,
        });
      });
    });
    request.end(body ?? undefined);
  });
}
