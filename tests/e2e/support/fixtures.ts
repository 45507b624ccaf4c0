import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startServer, type ServiceProcess } from '../../support/service-process.js';
import { migratedFolder } from '../../support/sqlite-template.js';
import { postgresDatabase, type Engine } from './postgres-service.js';
import { ServiceApi } from './service-api.js';

/** Extra flags and environment for the service of one test file (`test.use({ serviceOptions })`). */
export interface ServiceOptions {
  args: string[];
  env: Record<string, string>;
  /**
   * A service of the file's own, named: for a journey whose figures are the demo's as loaded (a
   * count's expected stock) and whose changes other files must not find (the stock it applies).
   * Not passed to the service; a different value only keeps the worker's service from being shared.
   */
  own?: string;
}

interface WorkerFixtures {
  serviceOptions: ServiceOptions;
  /**
   * The engine the worker's service runs on (`test.use({ engine: 'postgres' })`): SQLite in its data
   * folder (default), or a PostgreSQL database of its own, dropped when the worker ends.
   */
  engine: Engine;
  /** The real service with the demo data, in a child process with its own data folder. */
  service: ServiceProcess & { dataDir: string };
  /** Calls to the service's HTTP API as an integrator or the POS would make them. */
  api: ServiceApi;
}

export const test = base.extend<object, WorkerFixtures>({
  serviceOptions: [
    { args: [], env: {} },
    { option: true, scope: 'worker' },
  ],
  engine: ['sqlite', { option: true, scope: 'worker' }],
  service: [
    async ({ serviceOptions, engine }, use) => {
      // On SQLite its database is there already, migrated (a copy of the run's template); on
      // PostgreSQL the folder holds only what the service keeps beside its database.
      const dataDir =
        engine === 'sqlite' ? await migratedFolder('servicepay-e2e-') : mkdtempSync(join(tmpdir(), 'servicepay-e2e-'));
      const database = engine === 'postgres' ? await postgresDatabase() : undefined;
      try {
        const server = await startServer(
          dataDir,
          ['--demo', '--log-level', 'warn', ...(database?.args ?? []), ...serviceOptions.args],
          { env: serviceOptions.env },
        );
        await use({ ...server, dataDir });
        await server.stop();
      } finally {
        await database?.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  api: [async ({ service }, use) => use(new ServiceApi(service.url)), { scope: 'worker' }],
});

export { expect } from '@playwright/test';
