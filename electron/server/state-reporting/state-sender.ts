import { sendRequest } from '../webhooks/sender.js';
import type { StateRequest } from './metrc-request.js';

/** What one try got: the state's status, or why there was no answer, in words for the list. */
export interface StateAnswer {
  statusCode: number | null;
  /** `HTTP 400: <the state's message>` or `timed out after 10 s`, at most a few hundred characters. */
  result: string;
  /** The first bytes of the answer (a 200 names the receipt's id). */
  body: string;
}

/** Hosts of this computer: the one place plain http:// may go (a local test server of the state's API). */
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Sends one request to the state system; never throws (no answer is an answer without a status).
 * The webhooks' guard applies: no private address, unless the state system is this computer.
 */
export async function sendToState(request: StateRequest, timeoutMs: number): Promise<StateAnswer> {
  const headers = { authorization: request.authorization, accept: 'application/json' };
  const allowLocal = LOOPBACK_HOSTS.has(new URL(request.url).hostname);
  const sent = await sendRequest(
    request.url,
    { method: request.method, body: request.body, headers },
    { allowLocal, timeoutMs },
  );
  const words = sent.statusCode === null ? undefined : stateMessages(sent.text);
  return {
    statusCode: sent.statusCode,
    result: words === undefined ? sent.result : `HTTP ${sent.statusCode}: ${words}`,
    body: sent.text,
  };
}

/**
 * The state's own words in an answer: Metrc says `{"Message": …}` or lists `[{"row": 0,
 * "message": …}]`. Undefined when the body is not one of those (it is shown as it came).
 */
export function stateMessages(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  const messageOf = (entry: unknown) => {
    const found = (entry as { Message?: unknown; message?: unknown } | null) ?? {};
    const text = found.Message ?? found.message;
    return typeof text === 'string' ? text : undefined;
  };
  const messages = (Array.isArray(parsed) ? parsed : [parsed]).map(messageOf).filter((text) => text !== undefined);
  return messages.length > 0 ? messages.join('; ').replace(/\s+/g, ' ').trim().slice(0, 300) : undefined;
}
