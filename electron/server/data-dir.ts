import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the database lives when no `--data DIR` is given: `SERVICEPAY_DATA_DIR`, else the user's
 * data folder (`$XDG_DATA_HOME/servicepay`, `~/.local/share/servicepay`). The Electron shell passes
 * its own app-data folder instead.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SERVICEPAY_DATA_DIR) return env.SERVICEPAY_DATA_DIR;
  const base = env.XDG_DATA_HOME || join(homedir(), '.local', 'share');
  return join(base, 'servicepay');
}
