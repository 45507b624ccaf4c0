import type { AddressInfo } from 'node:net';
import { backupConfigFromEnv } from '../server/backup-settings.js';
import { buildServingApp } from '../server/serve-app.js';
import type { ServiceConfig } from '../server/core/config.js';

/** The ordering service running inside the main process. */
export interface RunningService {
  /** `http://127.0.0.1:<port>` (or the bound address): what the windows load. */
  url: string;
  close(): Promise<void>;
}

/** Where and how to run the service. */
export interface ServiceOptions {
  dataDir: string;
  staticDir: string;
  demo: boolean;
  port: number;
  host: string;
  /** Host names the service also answers to besides loopback and `host` (DNS-rebinding guard). */
  allowedHosts?: string[];
  logLevel?: ServiceConfig['logLevel'];
  /** Where the SERVICEPAY_BACKUP_* settings are read (default: this process's environment). */
  env?: NodeJS.ProcessEnv;
}

/** The address windows use: loopback when the service listens on every interface. */
function windowHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Builds the service on the app's database and listens; a data folder another ServicePay serves
 * (a `serve`, another copy of the app) is refused with words naming it (serve-app.ts), and a
 * SERVICEPAY_BACKUP_* `serve` would refuse is refused in its words. Plain Node, no Electron: browser mode
 * (scripts/start) runs the very same function. Port 0 lets the system pick a free one,
 * so a second app on the machine (or a test) never collides with this one.
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  // A bad SERVICEPAY_BACKUP_* stops the start in serve's words, before the folder is held or opened.
  const backups = backupConfigFromEnv(options.env ?? process.env);
  const app = await buildServingApp({
    backups,
    dataDir: options.dataDir,
    staticDir: options.staticDir,
    demo: options.demo,
    host: options.host,
    port: options.port,
    allowedHosts: options.allowedHosts ?? [],
    logLevel: options.logLevel ?? 'warn',
  });
  try {
    await app.listen({ port: options.port, host: options.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${windowHost(options.host)}:${port}`,
    // Closing twice (a second Ctrl-C, quit during quit) waits for the first close.
    close: () => (closing ??= app.close()),
  };
}
