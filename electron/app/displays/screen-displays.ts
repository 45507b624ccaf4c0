import { screen } from 'electron';
import type { DisplayInfo } from '../../../shared/contracts/desktop.js';
import type { ScreenDisplay } from './placement.js';

/** The connected displays and the primary one (the cashier's), as placement needs them. */
export function currentDisplays(): { all: ScreenDisplay[]; primary: ScreenDisplay } {
  return { all: screen.getAllDisplays(), primary: screen.getPrimaryDisplay() };
}

/** The displays as the POS shows them (`displays:list`): a readable label for each. */
export function listDisplays(): DisplayInfo[] {
  const primaryId = screen.getPrimaryDisplay().id;
  return screen.getAllDisplays().map((display, index) => ({
    id: display.id,
    label: display.label || `Display ${index + 1}`,
    primary: display.id === primaryId,
    bounds: { ...display.bounds },
  }));
}
