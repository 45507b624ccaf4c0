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
 * The Electron preload's values when present; otherwise the page's own origin and `?terminal=`
 * (browser mode), defaulting to `front-1`.
 */
export function terminalContext(): TerminalContext {
  const desktop = window.servicepayDesktop;
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get('terminal') ?? '';
  const terminalId = desktop?.terminalId ?? (isTerminalId(fromQuery) ? fromQuery : DEFAULT_TERMINAL_ID);
  const dispensary = query.get('dispensary') ?? '';
  const dispensaryShortName = isShortName(dispensary) ? dispensary : 'demo';
  return { serviceUrl: desktop?.serviceUrl ?? location.origin, terminalId, dispensaryShortName, desktop };
}
