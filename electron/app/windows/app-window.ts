import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { lockNavigation } from '../security/navigation.js';
import { secureWebPreferences } from '../security/web-preferences.js';
import type { ShellContext } from '../shell-context.js';
import { pageUrl, type PageKind } from '../urls.js';
import { loadPage } from './load-page.js';

/**
 * A window showing one of the service's pages with the secure settings, its navigation locked to
 * the service origin and its preload's bridge. Shown once the page has painted, not blank.
 */
export function createAppWindow(
  ctx: ShellContext,
  page: PageKind,
  options: BrowserWindowConstructorOptions,
): BrowserWindow {
  const win = new BrowserWindow({
    show: false,
    backgroundColor: '#ffffff',
    ...options,
    webPreferences: {
      ...secureWebPreferences({
        preload: page === 'display' ? ctx.preloads.display : ctx.preloads.pos,
        args: { serviceUrl: ctx.serviceUrl, terminalId: ctx.terminalId },
        devTools: ctx.devTools,
      }),
      // The same values again where the window is made, so that a reviewer (and Electronegativity,
      // which reads only this literal) sees the essentials without following the call.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  lockNavigation(win.webContents, ctx.origin, ctx.openExternal, ctx.devTools);
  win.once('ready-to-show', () => win.show());
  loadPage(win, pageUrl(ctx.serviceUrl, page, ctx.terminalId, ctx.attachTo));
  return win;
}
