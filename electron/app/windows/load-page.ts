import type { BrowserWindow } from 'electron';

// Chromium's net::ERR_ABORTED: a newer navigation replaced this one; nothing failed.
const ERR_ABORTED = -3;

/**
 * Loads a page and keeps retrying while the service cannot be reached: a display-only machine may
 * boot before the terminal it mirrors. The window is shown on failure so that a blank screen
 * never hides the error page.
 */
export function loadPage(win: BrowserWindow, url: string, retryMs = 3000): void {
  let retry: NodeJS.Timeout | undefined;
  const load = () => {
    if (!win.isDestroyed()) win.loadURL(url).catch(() => undefined); // failures arrive as did-fail-load
  };
  win.webContents.on('did-fail-load', (_event, errorCode, _description, _url, isMainFrame) => {
    if (!isMainFrame || errorCode === ERR_ABORTED) return;
    if (!win.isVisible()) win.show();
    clearTimeout(retry);
    retry = setTimeout(load, retryMs);
  });
  win.once('closed', () => clearTimeout(retry));
  load();
}
