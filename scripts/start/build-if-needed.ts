import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { isStale } from './freshness.js';

/** What the pages and the Electron bundle are built from, and what proves they were. */
export function buildTargets(root: string, env: NodeJS.ProcessEnv = process.env) {
  const dist = env.SERVICEPAY_DIST ? resolve(env.SERVICEPAY_DIST) : join(root, 'dist');
  const at = (...paths: string[]) => paths.map((path) => join(root, path));
  return {
    renderer: {
      output: join(dist, 'renderer', 'pos', 'index.html'),
      sources: at('renderer', 'shared', 'vite.config.ts', 'vite.sdk.config.ts', 'package-lock.json'),
      staticDir: join(dist, 'renderer'),
    },
    electron: {
      output: join(root, 'out', 'main', 'index.mjs'),
      sources: at('electron', 'shared', 'package-lock.json'),
    },
  };
}

function npmRun(script: string, root: string, log: (line: string) => void): void {
  log(`npm start: running npm run ${script} (the build is missing or older than its sources)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`npm run ${script} failed (exit ${result.status ?? result.signal})`);
}

/**
 * Builds what this start needs and only when it is stale: the pages always (the service serves
 * them), the Electron bundle when Electron will run. `npm run build` does both.
 */
export function buildIfNeeded(root: string, withElectron: boolean, log: (line: string) => void): void {
  const targets = buildTargets(root);
  if (isStale(targets.renderer.output, targets.renderer.sources)) npmRun('build', root, log);
  else if (withElectron && isStale(targets.electron.output, targets.electron.sources))
    npmRun('build:electron', root, log);
}
