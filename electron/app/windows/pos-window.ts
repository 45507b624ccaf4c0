import type { BrowserWindow } from 'electron';
import { posBounds, type ScreenDisplay } from '../displays/placement.js';
import type { ShellContext } from '../shell-context.js';
import { createAppWindow } from './app-window.js';

/** The cashier's window, filling the primary display. */
export function createPosWindow(ctx: ShellContext, primary: ScreenDisplay): BrowserWindow {
  return createAppWindow(ctx, 'pos', {
    ...posBounds(primary),
    minWidth: 1024,
    minHeight: 640,
    title: 'ServicePay POS',
  });
}

/** Brings a window to the front, restoring it when it was minimized (a second launch does this). */
export function bringToFront(win: BrowserWindow | undefined): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
}
