import type { BrowserWindow } from 'electron';
import type { ScreenDisplay } from '../displays/placement.js';
import type { ShellContext } from '../shell-context.js';
import { createAppWindow } from './app-window.js';
import { bringToFront } from './pos-window.js';

/**
 * Opens the back office (virtual terminal, orders, reports) centred on the primary display, or
 * brings it to the front when it is already open: one back office per app.
 */
export function backofficeOpener(ctx: ShellContext, primary: () => ScreenDisplay): () => BrowserWindow {
  let win: BrowserWindow | undefined;
  return () => {
    if (win && !win.isDestroyed()) {
      bringToFront(win);
      return win;
    }
    const area = primary().workArea;
    const width = Math.min(1280, area.width);
    const height = Math.min(860, area.height);
    win = createAppWindow(ctx, 'backoffice', {
      x: area.x + Math.round((area.width - width) / 2),
      y: area.y + Math.round((area.height - height) / 2),
      width,
      height,
      title: 'ServicePay back office',
    });
    return win;
  };
}
