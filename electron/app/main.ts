// The Electron main process: reads the command line and runs the app (run-app.ts).
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

let options: AppOptions | undefined;
try {
  options = parseAppOptions(process.argv.slice(1));
} catch (error) {
  fail('Invalid command line', new Error(`${(error as Error).message}\n${USAGE}`));
}
if (options) runApp(options).catch((error: unknown) => fail('ServicePay POS could not start', error));
