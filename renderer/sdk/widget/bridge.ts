import type { FromWidget, ToWidget } from '../protocol';

/** The widget's side of the loader ↔ widget messages (docs/payments.md). */
export interface Bridge {
  readonly instance: string;
  readonly hostOrigin: string;
  send(message: FromWidget): void;
  onMessage(handler: (message: ToWidget) => void): void;
}

/**
 * Reads the instance name and the host page's origin from the URL fragment
 * (`#instance=_servicepay&origin=https%3A%2F%2Fshop.example`); undefined when the widget was not
 * opened by the loader (no parent, or no valid origin).
 */
export function createBridge(location: Location, parent: Window, self: Window): Bridge | undefined {
  const params = new URLSearchParams(location.hash.slice(1));
  const instance = params.get('instance') ?? '';
  const hostOrigin = params.get('origin') ?? '';
  if (!instance || parent === self || !/^https?:\/\/[^/]+$/.test(hostOrigin)) return undefined;
  return {
    instance,
    hostOrigin,
    // Only ever to the host origin: a page that navigated the frame elsewhere hears nothing.
    send: (message) => parent.postMessage({ servicepay: 1, instance, ...message }, hostOrigin),
    onMessage: (handler) =>
      self.addEventListener('message', (event: MessageEvent) => {
        const data = event.data as { servicepay?: unknown; instance?: unknown; type?: unknown } | null;
        if (event.source !== parent || event.origin !== hostOrigin) return;
        if (!data || data.servicepay !== 1 || data.instance !== instance || typeof data.type !== 'string') return;
        handler(data as ToWidget);
      }),
  };
}
