import { app, screen } from 'electron';
import { followDisplays } from './displays/display-follower.js';
import { polePlacement } from './displays/placement.js';
import { PoleDisplay } from './displays/pole-display.js';
import { currentDisplays } from './displays/screen-displays.js';
import type { ShellContext } from './shell-context.js';
import { backofficeOpener } from './windows/backoffice-window.js';
import { createPoleWindow } from './windows/pole-window.js';
import { bringToFront, createPosWindow } from './windows/pos-window.js';

/** The open windows of a terminal (or of a display-only machine) and what can be done with them. */
export interface TerminalWindows {
  focus(): void;
  showPoleDisplay(): void;
  openBackoffice?: () => void;
}

/**
 * Opens the POS on the primary display and the pole display where placement says, and keeps the
 * pole display following the displays. `displayOnly`: no POS, the pole display fills a screen.
 */
export function openTerminalWindows(ctx: ShellContext, displayOnly: boolean): TerminalWindows {
  const pole = new PoleDisplay({
    place: () => {
      const { all, primary } = currentDisplays();
      return polePlacement(all, primary, displayOnly);
    },
    displays: () => currentDisplays().all,
    create: (placement) => createPoleWindow(ctx, placement),
  });
  const pos = displayOnly ? undefined : createPosWindow(ctx, currentDisplays().primary);
  pole.show();
  const stopFollowing = followDisplays(screen, () => pole.refresh());
  app.once('will-quit', stopFollowing);
  // The cashier's window is the app: closing it closes the customer display and the back office.
  pos?.once('closed', () => app.quit());
  const showPoleDisplay = () => bringToFront(pole.show());
  if (displayOnly) return { focus: () => bringToFront(pole.window), showPoleDisplay };
  const openBackoffice = backofficeOpener(ctx, () => currentDisplays().primary);
  return { focus: () => bringToFront(pos), showPoleDisplay, openBackoffice: () => void openBackoffice() };
}
