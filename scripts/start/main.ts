import { fileURLToPath } from 'node:url';
import { findChromium } from '../chromium.mjs';
import { buildIfNeeded, buildTargets } from './build-if-needed.js';
import { runBrowserMode } from './browser-mode.js';
import { runElectron } from './electron-mode.js';
import { parseStartOptions, START_HELP } from './options.js';
import { browserModeLines, findElectron, planStart } from './plan.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => console.log(line);

/** `npm start`: returns the exit code. */
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
  const plan = planStart({
    electronPath: findElectron(),
    chromium: findChromium(),
    env: process.env,
    noWindows: options.noWindows,
  });
  buildIfNeeded(root, plan.mode === 'electron', log);
  if (plan.mode === 'electron') return runElectron(plan.electronPath, options, root);

  browserModeLines(plan).forEach(log);
  const chromium = plan.windows === 'chromium' ? plan.chromium : undefined;
  await runBrowserMode({ ...options, staticDir: buildTargets(root).renderer.staticDir, chromium, log });
  return 0;
}
