import { test as base } from '@playwright/test';
import { HostServer } from './host-server.js';
import type { Engine } from './postgres-service.js';
import { ServicePool, type ServiceOptions, type WorkerService } from './service-pool.js';
import type { ServiceApi } from './service-api.js';

export type { ServiceOptions } from './service-pool.js';

interface TestFixtures {
  /** Extra flags and environment for the service of a test file (`test.use({ serviceOptions })`). */
  serviceOptions: ServiceOptions;
  /**
   * The engine the service runs on (`test.use({ engine: 'postgres' })`): SQLite in its data folder
   * (default), or a PostgreSQL database of its own, dropped when the service stops.
   */
  engine: Engine;
  /** The real service with the demo data, in a child process with its own data folder. */
  service: WorkerService;
  /** Calls to the service's HTTP API as an integrator or the POS would make them. */
  api: ServiceApi;
}

interface WorkerFixtures {
  /** The worker's services, one for each set of options its files ask for (support/service-pool.ts). */
  services: ServicePool;
  /** The integrator's web server of the SDK tests (another origin than the service's), started when asked. */
  hostServer: HostServer;
}

/**
 * The journeys' fixtures. Every worker fixture is declared here, and the options are test-scoped:
 * a file's `test.use` then never gives it a worker of its own (Playwright starts a new worker, with
 * a new browser, for each set of worker fixtures and worker options).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serviceOptions: [{ args: [], env: {} }, { option: true }],
  engine: ['sqlite', { option: true }],
  services: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring.
    async ({}, use) => {
      const pool = new ServicePool();
      try {
        await use(pool);
      } finally {
        await pool.stopAll();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  hostServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures name their dependencies by destructuring.
    async ({}, use) => {
      const server = await HostServer.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  // A service's start (a PostgreSQL database's too) has a minute of its own, beside the test's time.
  service: [
    async ({ services, serviceOptions, engine }, use) => use(await services.service(serviceOptions, engine)),
    { timeout: 60_000 },
  ],
  // After `service`, so that its start has that minute.
  api: async ({ services, serviceOptions, engine, service }, use) => {
    void service;
    await use(await services.api(serviceOptions, engine));
  },
});

export { expect } from '@playwright/test';
