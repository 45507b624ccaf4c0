import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../chromium.mjs';

/** One page in its own Chromium app window. */
export interface AppWindowSpec {
  name: string;
  url: string;
  position: { x: number; y: number };
  size: { width: number; height: number };
}

// The test browser's flags that an app window a person uses should not have: the GPU draws its
// pages, and Chromium's own sandbox stays on unless the process runs as root, where it cannot.
const NOT_FOR_PEOPLE = new Set(['--disable-gpu', '--no-sandbox']);

/**
 * The command line of an app window (`--app=URL`: no tabs, no address bar). Each window has its
 * own profile folder: a second window in the same profile would hand its URL to the first
 * Chromium and exit at once, and this script could no longer tell when it closes.
 */
export function appWindowArgs(spec: AppWindowSpec, profilesDir: string, isRoot: boolean): string[] {
  const kept = CHROMIUM_ARGS.filter((arg) => !NOT_FOR_PEOPLE.has(arg));
  return [
    `--app=${spec.url}`,
    `--user-data-dir=${join(profilesDir, spec.name)}`,
    `--window-position=${spec.position.x},${spec.position.y}`,
    `--window-size=${spec.size.width},${spec.size.height}`,
    '--no-default-browser-check',
    '--disable-features=Translate',
    ...kept,
    ...(isRoot ? ['--no-sandbox'] : []),
  ];
}

/** Starts the window; Chromium's chatter on stderr stays out of the terminal. */
export function openAppWindow(chromium: string, args: string[]): ChildProcess {
  return spawn(chromium, args, { stdio: 'ignore' });
}

/** Closes a window: politely first, then for sure. Resolves when the process has exited. */
export function closeAppWindow(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
