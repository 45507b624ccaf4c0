import { spawn } from 'node:child_process';
import type { StartOptions } from './options.js';

/** The Electron app's own flags for what `npm start` was given. */
export function electronArgs(options: StartOptions): string[] {
  const hosts = options.allowedHosts.flatMap((name) => ['--allowed-host', name]);
  return ['.', '--port', String(options.port), '--data', options.dataDir, '--terminal', options.terminalId, ...hosts];
}

/**
 * Runs the app in Electron from the project folder (package.json `main` is out/main/index.mjs)
 * and returns its exit code. Ctrl-C reaches Electron too (same process group); SIGTERM is passed
 * on. Either way the app runs its own clean stop.
 */
export function runElectron(electronPath: string, options: StartOptions, root: string): Promise<number> {
  const child = spawn(electronPath, electronArgs(options), { cwd: root, stdio: 'inherit' });
  const forward = () => child.kill('SIGTERM');
  const ignoreInt = () => undefined; // Electron got it too and is stopping; wait for it
  process.on('SIGTERM', forward);
  process.on('SIGINT', ignoreInt);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.removeListener('SIGTERM', forward);
      process.removeListener('SIGINT', ignoreInt);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}
