import type { BrowserWindow } from 'electron';
import { isOnScreen, samePlacement, type PolePlacement, type ScreenDisplay } from './placement.js';

/** What the pole display needs from the outside: where it should be now, and how to make a window. */
export interface PoleDisplayDeps {
  place(): PolePlacement;
  displays(): ScreenDisplay[];
  create(placement: PolePlacement): BrowserWindow;
}

/** Keeps the customer display's window where the connected displays say it belongs. */
export class PoleDisplay {
  private win: BrowserWindow | undefined;
  private placement: PolePlacement | undefined;

  constructor(private readonly deps: PoleDisplayDeps) {}

  /** The open window, if the customer display is open. */
  get window(): BrowserWindow | undefined {
    return this.win && !this.win.isDestroyed() ? this.win : undefined;
  }

  /** Opens the window (or brings it back when the cashier closed it). */
  show(): BrowserWindow {
    const win = this.window;
    if (!win) return this.open(this.deps.place());
    win.show();
    return win;
  }

  /**
   * After a display was added, removed or changed. A window closed by the cashier stays closed
   * unless a screen of its own appeared; a movable window is left where the cashier put it
   * unless its screen went away.
   */
  refresh(): void {
    const next = this.deps.place();
    const win = this.window;
    const current = this.placement;
    if (!win || !current) {
      if (next.kind === 'fullscreen') this.open(next);
      return;
    }
    if (current.kind !== next.kind || (next.kind === 'fullscreen' && current.displayId !== next.displayId)) {
      const old = win;
      this.open(next); // the new window first, so the app never has zero windows and quits
      old.close();
      return;
    }
    if (next.kind === 'fullscreen' && !samePlacement(current, next)) {
      win.setFullScreen(false); // the screen changed size: leave full screen, resize, go back
      win.setBounds(next.bounds);
      win.setFullScreen(true);
    } else if (next.kind === 'window' && !isOnScreen(win.getBounds(), this.deps.displays())) {
      win.setBounds(next.bounds);
    }
    this.placement = next;
  }

  private open(placement: PolePlacement): BrowserWindow {
    this.win = this.deps.create(placement);
    this.placement = placement;
    return this.win;
  }
}
