import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { startServer, type ServiceProcess } from '../../support/service-process.js';
import type { Engine, ServiceDatabase } from './postgres-service.js';

/** Extra flags and environment for the service of one test file (`test.use({ serviceOptions })`). */
export interface ServiceOptions {
  args: string[];
  env: Record<string, string>;
  /**
   * A service of the file's own, named: for a journey whose figures are the demo's as loaded (a
   * count's expected stock) and whose changes other files must not find (the stock it applies).
   * Not passed to the service; a different value only keeps the service from being shared.
   */
  own?: string;
}

/**
 * The real service with the demo data, in a child process with its own data folder, and the CLI's
 * arguments naming its database where that is not the folder's (PostgreSQL's `--database`).
 */
export type WorkerService = ServiceProcess & { dataDir: string; databaseArgs: string[] };

/** A started service, and how to stop it and delete what it kept. */
export interface StartedService {
  service: WorkerService;
  stop(): Promise<void>;
}

/**
 * A data folder holding a copy of the run's migrated SQLite template (the global setup names it in
 * SERVICEPAY_TEST_SQLITE_TEMPLATE; tests/support/sqlite-template.ts): what `migratedFolder` makes,
 * without loading the data layer into the worker only to find the template the run has made.
 */
async function sqliteFolder(): Promise<string> {
  const template = process.env.SERVICEPAY_TEST_SQLITE_TEMPLATE;
  if (!template) return (await import('../../support/sqlite-template.js')).migratedFolder('servicepay-e2e-');
  const dir = mkdtempSync(join(tmpdir(), 'servicepay-e2e-'));
  copyFileSync(template, join(dir, basename(template)));
  return dir;
}

/**
 * Starts `serve` with the demo data and these options, in a child process with a data folder of its
 * own: on SQLite its database is there already, migrated; on PostgreSQL (a database of its own,
 * dropped when it stops; PostgreSQL's client loaded only when asked for) the folder holds only what
 * the service keeps beside its database.
 */
export async function startWorkerService(options: ServiceOptions, engine: Engine): Promise<StartedService> {
  const dataDir = engine === 'sqlite' ? await sqliteFolder() : mkdtempSync(join(tmpdir(), 'servicepay-e2e-'));
  let database: ServiceDatabase | undefined;
  const cleanUp = async () => {
    try {
      await database?.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    if (engine === 'postgres') database = await (await import('./postgres-service.js')).postgresDatabase();
    const server = await startServer(
      dataDir,
      ['--demo', '--log-level', 'warn', ...(database?.args ?? []), ...options.args],
      { env: options.env },
    );
    return {
      service: { ...server, dataDir, databaseArgs: database?.args ?? [] },
      async stop() {
        try {
          await server.stop();
        } finally {
          await cleanUp();
        }
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
