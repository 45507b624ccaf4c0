import type { ServiceConfig } from '../core/config.js';
import type { DataLayer } from '../db/data-layer.js';
import { isDatabaseUrl } from '../db/open-data-layer.js';
import { ReplicaReportSource, type ReplicaLog } from './replica-source.js';

/**
 * The read replica of `--read-database` (`url`) that every report reads through (app.ts; loaded
 * only when the flag is set). Refused in words, as `serve` refuses the flag, when there is no
 * PostgreSQL database for it to be a replica of or the URL is not PostgreSQL's.
 */
export function replicaSourceFor(
  url: string,
  config: ServiceConfig,
  db: DataLayer,
  log: ReplicaLog,
): ReplicaReportSource {
  if (!isDatabaseUrl(url)) throw new Error(`--read-database must be a postgres:// URL, not "${url}"`);
  if (db.kind !== 'postgres') {
    throw new Error(
      '--read-database needs --database: a read replica is a streaming replica of a PostgreSQL ' +
        "database, and a register's SQLite has none",
    );
  }
  return new ReplicaReportSource(db, url, {
    maxLagSeconds: config.readMaxLagSeconds,
    checkEveryMs: config.readCheckEveryMs,
    now: config.now,
    log,
  });
}
