import { SseParser } from '../../shared/sse';

/** The connection state of a live stream, for a quiet status indicator. */
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveStreamOptions {
  /** Full URL of the event stream. */
  url: string;
  token: () => string | undefined;
  onEvent: (event: string, data: unknown) => void;
  onState?: (state: LiveState) => void;
  /** Called when the server refuses the stream (401: the token expired), before the retry. */
  onRefused?: (status: number) => void;
}

const MAX_BACKOFF_MS = 5000;

/**
 * Follows a server-sent event stream with the bearer token in the Authorization header (which
 * EventSource cannot send), reconnecting with backoff. The server sends the current state first on
 * every (re)connect, so nothing is missed across a reconnect.
 */
export function followLive(options: LiveStreamOptions): { close: () => void } {
  let controller: AbortController | undefined;
  let closed = false;
  let backoff = 250;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function connect(): Promise<void> {
    controller = new AbortController();
    const token = options.token();
    try {
      const response = await fetch(options.url, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal: controller.signal,
      });
      if (!response.ok) options.onRefused?.(response.status);
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      options.onState?.('open');
      backoff = 250;
      const parser = new SseParser();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const frame of parser.push(value)) options.onEvent(frame.event, JSON.parse(frame.data));
      }
    } catch {
      // Network error, abort or refused: reconnect below unless closed.
    }
    if (closed) return;
    options.onState?.('reconnecting');
    timer = setTimeout(() => void connect(), backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  }

  options.onState?.('connecting');
  void connect();
  return {
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
      options.onState?.('closed');
    },
  };
}
