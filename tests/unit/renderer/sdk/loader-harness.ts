// happy-dom has no exports map: its cross-origin window class is reachable by path.
import CrossOriginBrowserWindow from 'happy-dom/lib/window/CrossOriginBrowserWindow.js';
import { vi } from 'vitest';

/**
 * Boots the real loader (renderer/sdk/loader/stub.ts, then its runtime) in happy-dom as a page
 * would: an optional queue stub, a script element with the instance name as id and the service's
 * address as src. The
 * widget iframe loads a stand-in page from a happy-dom virtual server; what the loader posts to it
 * is recorded, and `say` plays the widget's side of the protocol.
 */
export const SERVICE = 'https://pay.test';
export const ENTITY_ID = '3f2c9a4e-8b1d-4c7a-9e5f-1a2b3c4d5e6f';

type Posted = { message: Record<string, unknown>; targetOrigin: string };
type Command = (...args: unknown[]) => void;

export const posted: Posted[] = [];

/** Records what is posted to any cross-origin frame (happy-dom's window of another origin). */
export function recordFrames(): void {
  posted.length = 0;
  vi.spyOn(CrossOriginBrowserWindow.prototype, 'postMessage').mockImplementation((message, targetOrigin) => {
    posted.push({ message: message as Record<string, unknown>, targetOrigin: targetOrigin as string });
  });
}

/**
 * Loads the loader script; `queued` are the commands the page's stub buffered before it loaded.
 * happy-dom runs no injected script, so the runtime is there already, as its script leaves it: the
 * loader finds it and boots the instance a promise turn later.
 */
export async function bootLoader(queued: unknown[][] = [], name = '_servicepay'): Promise<Command> {
  vi.resetModules();
  const host = window as unknown as Record<string, unknown>;
  if (queued.length) host[name] = Object.assign(() => undefined, { q: queued });
  const script = document.createElement('script');
  script.id = name;
  script.src = `${SERVICE}/sdk/servicepay.js`;
  await import('../../../../renderer/sdk/loader/runtime');
  const { startLoader } = await import('../../../../renderer/sdk/loader/stub');
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  startLoader('servicepay-runtime-test.js');
  Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  await until(() => host[`loaded-${name}`] === true);
  return host[name] as Command;
}

/**
 * The first load of the next iframe put in the page, watched from before it is made (call it before
 * the loader makes its frame): a frame's page is fetched after it is inserted, never within it.
 */
export function nextFrameLoad(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const iframe = document.querySelector('iframe');
      if (!iframe) return;
      observer.disconnect();
      iframe.addEventListener('load', () => resolve(), { once: true });
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** The widget iframe of an instance. */
export function widgetFrame(name = '_servicepay'): HTMLIFrameElement {
  return document.querySelector<HTMLIFrameElement>(`#widget-${name} iframe`)!;
}

/** Plays the widget: a message from `source` (our iframe unless told), `origin` and `instance`. */
export function say(
  message: Record<string, unknown>,
  options: { origin?: string; source?: unknown; instance?: string } = {},
): void {
  const source = options.source ?? widgetFrame().contentWindow;
  const data = { servicepay: 1, instance: options.instance ?? '_servicepay', ...message };
  window.dispatchEvent(
    new MessageEvent('message', { data, origin: options.origin ?? SERVICE, source: source as Window }),
  );
}

/** The messages posted to the widget, by type. */
export const sent = (type?: string) => posted.filter((entry) => !type || entry.message.type === type);

/** Waits until `check` passes (the loader works across promise turns and the iframe's load). */
export async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * One turn of the event loop: the loader handles a message as it is dispatched and calls the page's
 * callbacks a promise turn later (integrator-calls.ts `ask`), so after this every consequence of the
 * messages said so far has happened — what has not been called by then never will be.
 */
export const settled = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Options for init that pass every rule; override what a test needs. */
export function initOptions(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const element =
    document.getElementById('checkout') ??
    document.body.appendChild(Object.assign(document.createElement('div'), { id: 'checkout' }));
  return {
    element,
    authTokenFactory: vi.fn(async () => 'token-1'),
    getEntityId: vi.fn(async () => ENTITY_ID),
    ...extra,
  };
}

/** Clears the page between tests, as a single-page app's teardown would (spec 4.3). */
export async function resetPage(name = '_servicepay'): Promise<void> {
  const host = window as unknown as Record<string, unknown>;
  // Frames still loading are let finish first: happy-dom complains about frames closed mid-load.
  await (window as unknown as { happyDOM: { waitUntilComplete(): Promise<void> } }).happyDOM.waitUntilComplete();
  document.body.replaceChildren();
  document.getElementById(name)?.remove();
  // The teardown of spec 4.3 deletes both window properties by their computed names.
  Reflect.deleteProperty(host, name);
  Reflect.deleteProperty(host, `loaded-${name}`);
}
