import type { App } from 'electron';

/**
 * One app per machine user: a second launch hands over to the first (which focuses its POS) and
 * quits. Returns false in the second copy.
 */
export function claimSingleInstance(app: App, focus: () => void): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', focus);
  return true;
}

/**
 * Quitting (menu, last window closed, Ctrl-C, SIGTERM) first runs the clean stop once, then lets
 * the quit through. A POS is not a document app: closing its windows quits on macOS too.
 */
export function installLifecycle(app: App, stop: () => Promise<void>, proc: NodeJS.EventEmitter = process): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('window-all-closed', () => app.quit());
  app.on('before-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    stop()
      .catch((error: unknown) => console.error('servicepay: clean stop failed:', error))
      .finally(() => {
        state = 'stopped';
        app.quit();
      });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) proc.on(signal, () => app.quit());
}
