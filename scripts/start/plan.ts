import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** What `npm start` does on this machine. */
export type StartPlan =
  | { mode: 'electron'; electronPath: string }
  | { mode: 'browser'; windows: 'chromium'; chromium: string }
  | { mode: 'browser'; windows: 'none'; why: 'no-windows' | 'no-display' | 'no-chromium' };

/** The one line `npm start` prints when it falls back to browser mode. */
export const BROWSER_MODE_LINE =
  'Electron is not installed here (its binary could not be downloaded); running in browser mode.';

/** What the plan depends on, gathered from the machine by `machineFacts`. */
export interface MachineFacts {
  electronPath?: string;
  chromium?: string;
  env: { DISPLAY?: string; WAYLAND_DISPLAY?: string };
  noWindows: boolean;
}

/**
 * Electron when its binary is installed (and windows are wanted); otherwise browser mode, with
 * Chromium app windows when there is a display and a Chromium, or only the printed URLs.
 */
export function planStart(facts: MachineFacts): StartPlan {
  if (facts.noWindows) return { mode: 'browser', windows: 'none', why: 'no-windows' };
  if (facts.electronPath) return { mode: 'electron', electronPath: facts.electronPath };
  if (!facts.env.DISPLAY && !facts.env.WAYLAND_DISPLAY) return { mode: 'browser', windows: 'none', why: 'no-display' };
  if (!facts.chromium) return { mode: 'browser', windows: 'none', why: 'no-chromium' };
  return { mode: 'browser', windows: 'chromium', chromium: facts.chromium };
}

/**
 * What browser mode says before the URLs: the one line about Electron (not when the person asked
 * for no windows: then Electron was never in question), and how to get windows when a display
 * has no Chromium to show them.
 */
export function browserModeLines(plan: Exclude<StartPlan, { mode: 'electron' }>): string[] {
  if (plan.windows === 'chromium') return [BROWSER_MODE_LINE];
  if (plan.why === 'no-windows') return [];
  if (plan.why === 'no-display') return [BROWSER_MODE_LINE];
  return [
    BROWSER_MODE_LINE,
    'No Chromium found (apt-get install -y chromium, or set CHROMIUM_PATH): open the pages below in a browser.',
  ];
}

/**
 * The Electron binary, if installed: `require('electron')` answers its path (and throws when the
 * package was installed without running its download script, as here); the file must exist.
 */
export function findElectron(resolveFrom: string = import.meta.url): string | undefined {
  try {
    const path: unknown = createRequire(resolveFrom)('electron');
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
