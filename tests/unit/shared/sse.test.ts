import { describe, expect, it } from 'vitest';
import { formatSseFrame, SSE_HEARTBEAT, SseParser } from '../../../shared/sse.js';

describe('server-sent event frames', () => {
  it('round-trips frames split across arbitrary chunks, skipping heartbeats', () => {
    const wire =
      SSE_HEARTBEAT +
      formatSseFrame({ event: 'order.updated', data: '{"a":1}' }) +
      SSE_HEARTBEAT +
      formatSseFrame({ event: 'display.state', data: 'line one\nline two', id: '7' });
    for (const size of [1, 3, 7, wire.length]) {
      const parser = new SseParser();
      const frames = [];
      for (let at = 0; at < wire.length; at += size) frames.push(...parser.push(wire.slice(at, at + size)));
      expect(frames).toEqual([
        { event: 'order.updated', data: '{"a":1}' },
        { event: 'display.state', data: 'line one\nline two', id: '7' },
      ]);
    }
  });

  it('reads CRLF line ends and defaults the event name to message', () => {
    const parser = new SseParser();
    expect(parser.push('data: x\r\n\r\n')).toEqual([{ event: 'message', data: 'x' }]);
    expect(parser.push('event: e\r\ndata:no-space\r\n\r\n')).toEqual([{ event: 'e', data: 'no-space' }]);
  });

  it('keeps an unfinished frame until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('event: e\ndata: 1\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'e', data: '1' }]);
  });
});
