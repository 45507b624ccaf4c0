import type { StateRequest } from './metrc-request.js';

/** What one try got: the state's status, or why there was no answer, in words for the list. */
export interface StateAnswer {
  statusCode: number | null;
  /** `HTTP 500: …` or `timed out after 10 s`, at most a few hundred characters. */
  result: string;
  /** The whole body of a 200 (it names the receipt's id). */
  body: string;
}

const KEPT = 300;

/** Sends one request; never throws (a network failure is an answer without a status). */
export async function sendToState(request: StateRequest, timeoutMs: number): Promise<StateAnswer> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: {
        authorization: request.authorization,
        accept: 'application/json',
        ...(request.body === null ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.text();
    const shown = (stateMessages(body) ?? body).replace(/\s+/g, ' ').trim().slice(0, KEPT);
    return { statusCode: response.status, result: `HTTP ${response.status}${shown ? `: ${shown}` : ''}`, body };
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return { statusCode: null, result: `timed out after ${Math.round(timeoutMs / 100) / 10} s`, body: '' };
    }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      statusCode: null,
      result: `no answer: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
      body: '',
    };
  }
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
  return messages.length > 0 ? messages.join('; ') : undefined;
}
