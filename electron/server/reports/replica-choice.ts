import type { ServiceConfig } from '../core/config.js';
import type { DataLayer } from '../db/data-layer.js';
import { isDatabaseUrl } from '../db/open-data-layer.js';
import { primaryReportSource, type ReportSource } from './report-source.js';
import { ReplicaReportSource, type ReplicaLog } from './replica-source.js';

/**
 * The source every report reads through (app.ts): the read replica of `--read-database` when one
 * is set, else the service's own database. Refused in words, as `serve` refuses the flag, when
 * there is no PostgreSQL database for it to be a replica of or the URL is not PostgreSQL's.
 */
export function reportSourceFor(config: ServiceConfig, db: DataLayer, log: ReplicaLog): ReportSource {
  const url = config.readDatabase;
  if (url === undefined) return primaryReportSource(db, config.now);
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
