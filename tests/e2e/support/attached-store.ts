import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliWithInput, startService } from '../../support/service-process.js';

/**
 * A store server and the registers attached to it, started by a spec itself (so it can pull the
 * server's plug): their data folders, the server on the demo store, and `servicepay attach`.
 */

/** Data folders of one spec file; `removeAll` once its tests are done (`test.afterAll`). */
export function dataFolders() {
  const folders: string[] = [];
  return {
    make(name: string): string {
      const dir = mkdtempSync(join(tmpdir(), `servicepay-e2e-${name}-`));
      folders.push(dir);
      return dir;
    },
    removeAll(): void {
      for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The store server on `dir` with the demo store, on `port` (the same port again after a restart). */
export const startStoreServer = (dir: string, port: number) =>
  startService(['--data', dir, '--demo', '--log-level', 'warn'], { port });

/** Attaches the register of `registerDir` to the server as `name`, the demo manager's password on stdin. */
export function attachRegister(registerDir: string, serverUrl: string, name = 'front-1'): void {
  cliWithInput(
    registerDir,
    'manager-demo-1',
    'attach',
    '--server',
    serverUrl,
    '--dispensary',
    'demo',
    '--name',
    name,
    '--username',
    'manager',
    '--password-stdin',
  );
}
