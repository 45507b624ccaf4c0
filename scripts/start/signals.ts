import type { ChildProcess } from 'node:child_process';

/**
 * Resolves with the reason to stop: Ctrl-C (SIGINT), SIGTERM, or the main window's process
 * exiting (the cashier closed the POS). Listeners are removed again, so a second Ctrl-C during
 * the stop falls through to Node's default and ends the process for sure.
 */
export function waitForStop(mainWindow?: ChildProcess, proc: NodeJS.EventEmitter = process): Promise<string> {
  return new Promise((resolve) => {
    const done = (reason: string) => {
      proc.removeListener('SIGINT', onInt);
      proc.removeListener('SIGTERM', onTerm);
      mainWindow?.removeListener('exit', onExit);
      resolve(reason);
    };
    const onInt = () => done('SIGINT');
    const onTerm = () => done('SIGTERM');
    const onExit = () => done('the POS window was closed');
    proc.on('SIGINT', onInt);
    proc.on('SIGTERM', onTerm);
    mainWindow?.once('exit', onExit);
  });
}
