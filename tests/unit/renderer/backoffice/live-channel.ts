import { vi } from 'vitest';

/**
 * The live channel (`GET …/live?topics=…`) as a stream the test writes events into; every other call
 * goes to the fetch stubbed before (fakeService's). Answers how to send an event and the topics asked.
 */
export function liveChannel() {
  const others = globalThis.fetch;
  const encoder = new TextEncoder();
  let send: (text: string) => void = () => {
    throw new Error('the live channel was not opened');
  };
  let url: URL | undefined;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const asked = new URL(input);
    if (!asked.pathname.endsWith('/live')) return others(input, init);
    url = asked;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        send = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return {
    send: (event: string, data: unknown) => send(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    topics: () => url?.searchParams.get('topics')?.split(',') ?? [],
  };
}
