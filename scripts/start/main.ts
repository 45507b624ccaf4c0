import { fileURLToPath } from 'node:url';
import { findChromium } from '../chromium.mjs';
import { buildIfNeeded, buildTargets } from './build-if-needed.js';
import { attachAtStart } from './attach.js';
import { runBrowserMode } from './browser-mode.js';
import { runElectron } from './electron-mode.js';
import { parseStartOptions, START_HELP, type StartOptions } from './options.js';
import { browserModeLines, findElectron, planStart } from './plan.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => console.log(line);

/** Builds what is stale, then runs Electron or browser mode until it stops. */
async function start(options: StartOptions): Promise<number> {
  const plan = planStart({
    electronPath: findElectron(),
    chromium: findChromium(),
    env: process.env,
    noWindows: options.noWindows,
  });
  buildIfNeeded(root, plan.mode === 'electron', log);
  if (options.server) await attachAtStart({ ...options, server: options.server, log });
  if (plan.mode === 'electron') return runElectron(plan.electronPath, options, root);
  browserModeLines(plan).forEach(log);
  const chromium = plan.windows === 'chromium' ? plan.chromium : undefined;
  await runBrowserMode({ ...options, staticDir: buildTargets(root).renderer.staticDir, chromium, log });
  return 0;
}

/** `npm start`: answers the exit code; failures are one readable line, not a stack. */
export async function main(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseStartOptions(argv);
  } catch (error) {
    console.error(`npm start: ${(error as Error).message}\n\n${START_HELP}`);
    return 2;
  }
  if (options.help) {
    log(START_HELP);
    return 0;
  }
  try {
    return await start(options);
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const inUse =
      code === 'EADDRINUSE' ? ' (is ServicePay already running? choose another with --port N, or --port 0)' : '';
    console.error(`npm start: ${message}${inUse}`);
    return 1;
  }
}
