import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServiceConfig } from './core/config.js';
import { holdFolder } from './db/sqlite/folder-hold.js';
import { makeFolder } from './db/sqlite/make-folder.js';

/**
 * Builds the service that serves its database, as `serve` (main.ts) and the Electron app
 * (electron/app/service.ts) start it. On a register's SQLite folder it first holds the folder
 * (db/sqlite/folder-hold.ts): a second service there would forward the register's sales to its store
 * server twice, run the backups twice and keep caches the other never hears of, so its start is
 * refused (FolderHeldError). The hold is released once the service has closed. PostgreSQL is not
 * held: several instances on one database are a store server's way to grow. The CLI's commands
 * never come here: they open the database beside a running service.
 */
export async function buildServingApp(config: Partial<ServiceConfig>): Promise<FastifyInstance> {
  const dataDir = config.database === undefined ? config.dataDir : undefined;
  if (dataDir === undefined || dataDir === ':memory:') return buildApp(config);
  makeFolder(dataDir);
  const hold = await holdFolder(dataDir);
  try {
    return await buildApp(config, { closed: () => hold.release() });
  } catch (error) {
    hold.release();
    throw error;
  }
}
