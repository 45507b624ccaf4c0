import { app, dialog } from 'electron';
import { parseAppOptions, type AppOptions } from './options.js';
import { runApp } from './run-app.js';

const USAGE = `Usage: servicepay-pos [--terminal ID] [--port N] [--host H] [--allowed-host NAME]… [--data DIR] [--no-demo] [--server URL]
       servicepay-pos --display-only --service-url URL [--terminal ID]`;

// better-sqlite3 built for Node (npm ci) cannot load in Electron: say how to rebuild it.
const NATIVE_HINT = '\n\nRebuild native modules for Electron: npx electron-builder install-app-deps';

function fail(title: string, error: unknown): void {
  let message = error instanceof Error ? error.message : String(error);
  if (message.includes('NODE_MODULE_VERSION')) message += NATIVE_HINT;
  console.error(`servicepay: ${title}: ${message}`);
  // Safe before 'ready' too: the app may fail before any window exists (a port in use, a bad flag).
  dialog.showErrorBox(title, message);
  app.exit(1);
}

/**
 * Parses the command line (Electron's argv after its own binary: the app path, then the flags) and
 * runs the app. A bad flag, or a start that fails, is said in an error box and the app exits 1.
 * Settles once the app has started or failed: main.ts does not wait for it, a test does.
 */
export async function launch(
  argv: readonly string[],
  /** How the app is run: runApp (a test gives its own). */
  run: (options: AppOptions) => Promise<void> = runApp,
): Promise<void> {
  let options: AppOptions;
  try {
    options = parseAppOptions(argv);
  } catch (error) {
    fail('Invalid command line', new Error(`${(error as Error).message}\n${USAGE}`));
    return;
  }
  await run(options).catch((error: unknown) => fail('ServicePay POS could not start', error));
}
