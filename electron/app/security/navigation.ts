import type { WebContents } from 'electron';
import { isSameOrigin } from '../urls.js';
import { secureWebPreferences } from './web-preferences.js';

/** Opens a URL in the system browser (Electron's shell.openExternal). */
export type OpenExternal = (url: string) => Promise<void>;

/** Only web links leave the app: never file:, javascript:, custom protocols or anything else. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Hands a link that is not the service's to the system browser, when it is a web link at all. */
function sendOutside(url: string, openExternal: OpenExternal): void {
  if (isWebUrl(url)) openExternal(url).catch(() => undefined); // no browser: nothing else to do
}

/**
 * Keeps a window on the service's origin: navigations and redirects elsewhere are stopped (a
 * paylink opens in the system browser instead), window.open stays on the origin in a sandboxed
 * child window without the bridge, and webviews are refused.
 */
export function lockNavigation(
  contents: WebContents,
  origin: string,
  openExternal: OpenExternal,
  devTools: boolean,
): void {
  const stayInside = (event: { preventDefault(): void }, url: string) => {
    if (isSameOrigin(url, origin)) return;
    event.preventDefault();
    sendOutside(url, openExternal);
  };
  contents.on('will-navigate', (event) => stayInside(event, event.url));
  contents.on('will-redirect', (event) => stayInside(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (!isSameOrigin(url, origin)) {
      sendOutside(url, openExternal);
      return { action: 'deny' };
    }
    const webPreferences = secureWebPreferences({ devTools });
    return { action: 'allow', overrideBrowserWindowOptions: { autoHideMenuBar: true, webPreferences } };
  });
  contents.on('did-create-window', (child) => lockNavigation(child.webContents, origin, openExternal, devTools));
}
