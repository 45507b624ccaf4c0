import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The preload bundles, beside the main bundle in out/ (scripts/build-electron.mjs writes
 * out/main/index.mjs and out/preload/*.cjs).
 */
export const PRELOADS = {
  pos: fileURLToPath(new URL('../preload/pos.cjs', import.meta.url)),
  display: fileURLToPath(new URL('../preload/display.cjs', import.meta.url)),
};

/**
 * The built pages the service serves: `$SERVICEPAY_DIST/renderer`, else dist/renderer in the
 * app (the project folder in development, inside app.asar when packaged).
 */
export function rendererDir(appPath: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.SERVICEPAY_DIST ? resolve(env.SERVICEPAY_DIST, 'renderer') : join(appPath, 'dist', 'renderer');
}
