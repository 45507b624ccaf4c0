import type { BrowserWindow } from 'electron';
import type { PolePlacement } from '../displays/placement.js';
import type { ShellContext } from '../shell-context.js';
import { createAppWindow } from './app-window.js';

/**
 * The customer-facing display. On a display of its own it is frameless and full screen, kept out
 * of the taskbar; sharing the cashier's screen it is an ordinary window the cashier can move.
 * A window's frame is fixed when it is created, so a change of kind means a new window.
 */
export function createPoleWindow(ctx: ShellContext, placement: PolePlacement): BrowserWindow {
  const fullscreen = placement.kind === 'fullscreen';
  const win = createAppWindow(ctx, 'display', {
    ...placement.bounds,
    title: 'ServicePay customer display',
    frame: !fullscreen,
    fullscreen,
    skipTaskbar: fullscreen,
    movable: !fullscreen,
    minWidth: 480,
    minHeight: 360,
  });
  win.removeMenu(); // the customer's screen has no menu to open
  return win;
}
