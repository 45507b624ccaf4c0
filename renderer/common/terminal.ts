import type { DesktopBridge } from '../../shared/contracts/desktop';
import { DEFAULT_TERMINAL_ID } from '../../shared/contracts/desktop';
import { isTerminalId } from '../../shared/terminal-id';

declare global {
  interface Window {
    /** Set by the Electron shell's preload; absent in browser mode. */
    servicepayDesktop?: DesktopBridge;
  }
}

/** Where this page runs: the service it talks to and the terminal it belongs to. */
export interface TerminalContext {
  serviceUrl: string;
  terminalId: string;
  /** The dispensary this terminal sells for (`?dispensary=`, default `demo`). */
  dispensaryShortName: string;
  desktop: DesktopBridge | undefined;
}

const SHORT_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Whether `text` can be a store's short name: lowercase letters and digits, dashes between, 10 at most. */
export const isShortName = (text: string): boolean => text.length <= 10 && SHORT_NAME.test(text);

/**
 * The store the address asks for, as typed (`?dispensary=`; null when it names none). Read as a
 * short name (`asShortName`: `DEMO` is `demo`), it is the context's `dispensaryShortName` unless it
 * cannot be one: such an address opens no store (see `opensNoStore`), rather than the default one
 * in its place.
 */
export const askedStore = (search = location.search): string | null => new URLSearchParams(search).get('dispensary');

/** The short name `asked` means: short names are lowercase, so one typed in capitals is the same store. */
export const asShortName = (asked: string): string => asked.trim().toLowerCase();

/** Whether the store `asked` for (`askedStore()`) cannot be a short name, so the window opens no store. */
export const opensNoStore = (asked: string | null): boolean =>
  asked !== null && asked !== '' && !isShortName(asShortName(asked));

/**
 * The Electron preload's values when present; otherwise the page's own origin and `?terminal=`
 * (browser mode), defaulting to `front-1`.
 */
export function terminalContext(): TerminalContext {
  const desktop = window.servicepayDesktop;
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get('terminal') ?? '';
  const terminalId = desktop?.terminalId ?? (isTerminalId(fromQuery) ? fromQuery : DEFAULT_TERMINAL_ID);
  const dispensary = asShortName(askedStore(location.search) ?? '');
  const dispensaryShortName = isShortName(dispensary) ? dispensary : 'demo';
  return { serviceUrl: desktop?.serviceUrl ?? location.origin, terminalId, dispensaryShortName, desktop };
}
