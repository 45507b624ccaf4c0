/**
 * Server-sent events (text/event-stream) on the wire: the server writes frames with `formatSseFrame`,
 * clients read them with `SseParser`, which the browser's EventSource cannot replace because it
 * cannot send an Authorization header.
 */

/** One event of a stream. */
export interface SseFrame {
  event: string;
  data: string;
  id?: string;
}

/** One frame: `event:` and `data:` lines and a blank line. Data may span lines. */
export function formatSseFrame(frame: SseFrame): string {
  const id = frame.id === undefined ? '' : `id: ${frame.id}\n`;
  const data = frame.data
    .split(/\r?\n/)
    .map((line) => `data: ${line}\n`)
    .join('');
  return `${id}event: ${frame.event}\n${data}\n`;
}

/** A comment line that keeps idle connections (and proxies) from timing out. */
export const SSE_HEARTBEAT = ': keep-alive\n\n';

/** Incremental parser: feed it text chunks as they arrive; it returns the complete frames. */
export class SseParser {
  private buffer = '';

  push(chunk: string): SseFrame[] {
    this.buffer += chunk;
    const frames: SseFrame[] = [];
    for (;;) {
      const match = /\r?\n\r?\n/.exec(this.buffer);
      if (!match) break;
      const block = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const frame = parseBlock(block);
      if (frame) frames.push(frame);
    }
    return frames;
  }
}

function parseBlock(block: string): SseFrame | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (data.length === 0) return undefined;
  return id === undefined ? { event, data: data.join('\n') } : { event, data: data.join('\n'), id };
}
