import { vi } from 'vitest';

/** A call held by `heldService` until the test answers it. */
export interface HeldCall {
  method: string;
  url: URL;
  body: unknown;
  /** Answers it: a JSON body with its status (200 when none). */
  answer(answer: { status?: number; body: unknown }): void;
}

/**
 * The service answering when the test says (`calls[i].answer(…)`), in any order: for what a
 * screen shows when an earlier request answers after a later one.
 */
export function heldService(): HeldCall[] {
  const calls: HeldCall[] = [];
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit = {}) =>
      new Promise<Response>((resolve) => {
        const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
        calls.push({
          method: init.method ?? 'GET',
          url: new URL(url),
          body,
          answer: (answer) => resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 })),
        });
      }),
  );
  return calls;
}
