import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../electron/app/service.js';
import { pageUrl } from '../../electron/app/urls.js';
import { appWindowArgs, closeAppWindow, openAppWindow, type AppWindowSpec } from './chromium-windows.js';
import { waitForStop } from './signals.js';

/** Browser mode's settings: the same app as Electron's, minus Electron. */
export interface BrowserModeOptions {
  port: number;
  dataDir: string;
  staticDir: string;
  terminalId: string;
  allowedHosts: string[];
  /** The Chromium to open app windows with; none: only print the URLs. */
  chromium?: string;
  log: (line: string) => void;
}

/** The POS at the left, the customer display beside it, as on a terminal with two screens. */
function windowSpecs(serviceUrl: string, terminalId: string): AppWindowSpec[] {
  return [
    {
      name: 'pos',
      url: pageUrl(serviceUrl, 'pos', terminalId),
      position: { x: 0, y: 0 },
      size: { width: 1280, height: 800 },
    },
    {
      name: 'display',
      url: pageUrl(serviceUrl, 'display', terminalId),
      position: { x: 1290, y: 0 },
      size: { width: 1024, height: 768 },
    },
  ];
}

/**
 * Runs the service (demo data on first start) and the windows until Ctrl-C, SIGTERM or the POS
 * window closing; then closes the windows before the service, like the Electron shell.
 */
export async function runBrowserMode(options: BrowserModeOptions): Promise<void> {
  const { dataDir, staticDir, port, allowedHosts } = options;
  const host = '127.0.0.1';
  const service = await startService({ dataDir, staticDir, port, allowedHosts, demo: true, host, logLevel: 'warn' });
  const specs = windowSpecs(service.url, options.terminalId);
  options.log(`ServicePay POS is running on ${service.url} (data in ${options.dataDir}). Ctrl-C stops it.`);
  options.log(`  POS:              ${specs[0]!.url}`);
  options.log(`  Customer display: ${specs[1]!.url}`);
  options.log(`  Back office:      ${pageUrl(service.url, 'backoffice', options.terminalId)}`);

  let windows: ChildProcess[] = [];
  let profiles: string | undefined;
  if (options.chromium) {
    profiles = mkdtempSync(join(tmpdir(), 'servicepay-windows-'));
    const isRoot = process.getuid?.() === 0;
    windows = specs.map((spec) => {
      const child = openAppWindow(options.chromium!, appWindowArgs(spec, profiles!, isRoot));
      // The service keeps running and its URLs are printed: a window that fails is not fatal.
      child.on('error', (error) => options.log(`npm start: the ${spec.name} window failed: ${error.message}`));
      return child;
    });
  }
  const reason = await waitForStop(windows[0]);
  options.log(`npm start: ${reason}; stopping.`);
  await Promise.all(windows.map((child) => closeAppWindow(child)));
  await service.close();
  if (profiles) rmSync(profiles, { recursive: true, force: true });
}
