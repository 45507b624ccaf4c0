import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import { listDisplays } from './displays/screen-displays.js';
import { desktopHandlers } from './ipc/desktop-handlers.js';
import { registerHandlers } from './ipc/typed-ipc.js';
import { claimSingleInstance, installLifecycle } from './lifecycle.js';
import { installMenu } from './menu.js';
import type { AppOptions } from './options.js';
import { PRELOADS, rendererDir } from './paths.js';
import { secureSession } from './security/secure-session.js';
import { startService, type RunningService, type ServiceOptions } from './service.js';
import type { ShellContext } from './shell-context.js';
import { shutdown } from './shutdown.js';
import { openTerminalWindows, type TerminalWindows } from './terminal-windows.js';
import { serviceOrigin } from './urls.js';
import { printReceipt } from './windows/receipt-printer.js';

/**
 * The start order: claim the single instance, start the service (its URL is what windows load),
 * secure the session, register IPC, then open the windows. Quitting runs it backwards.
 */
export async function runApp(
  options: AppOptions,
  /** How the service is started: startService (a test gives its own, around the real one). */
  start: (options: ServiceOptions) => Promise<RunningService> = startService,
): Promise<void> {
  // Filled in as they start; the lifecycle hooks read them when a launch or a quit comes.
  const parts: { windows?: TerminalWindows; service?: RunningService } = {};
  const focus = () => parts.windows?.focus();
  if (!claimSingleInstance(app, focus)) return;
  app.enableSandbox(); // every renderer sandboxed, whatever a window asks for
  const stop = () => shutdown({ windows: () => BrowserWindow.getAllWindows(), service: parts.service });
  installLifecycle(app, stop);

  if (options.mode === 'terminal') {
    parts.service = await start({
      dataDir: options.dataDir ?? app.getPath('userData'),
      staticDir: rendererDir(app.getAppPath()),
      demo: options.demo,
      port: options.port,
      host: options.host,
      allowedHosts: options.allowedHosts,
    });
  }
  await app.whenReady();
  const serviceUrl = parts.service?.url ?? (options.mode === 'display-only' ? options.serviceUrl : '');
  const ctx: ShellContext = {
    serviceUrl,
    origin: serviceOrigin(serviceUrl),
    terminalId: options.terminalId,
    ...(options.mode === 'terminal' && options.serverUrl ? { attachTo: options.serverUrl } : {}),
    devTools: !app.isPackaged,
    preloads: PRELOADS,
    openExternal: (url) => shell.openExternal(url),
  };
  secureSession(session.defaultSession, ctx.origin);
  registerHandlers(
    ipcMain,
    ctx.origin,
    desktopHandlers({ appVersion: () => app.getVersion(), listDisplays, printReceipt }),
  );
  parts.windows = openTerminalWindows(ctx, options.mode === 'display-only');
  installMenu(parts.windows, ctx.devTools);
}
