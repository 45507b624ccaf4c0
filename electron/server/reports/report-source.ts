import type { Queryable } from '../db/query.js';

/** Where a report's rows were read: the store's own database, or its streaming read replica. */
export type ReportOrigin = 'primary' | 'replica';

/** A report's answer with where and as of when it was read (README "Reports"). */
export interface ReportRead<T> {
  value: T;
  from: ReportOrigin;
  /** The instant the data is complete to (ISO 8601): a replica's last replayed commit, else now. */
  asOf: string;
  /** Why a replica was not used although one is set (down, too far behind), in words; else null. */
  fallback: string | null;
}

/**
 * The port reports read through (issue 32): app.ts hands one to the reports feature. Without a read
 * replica every report reads the primary; with one (`--read-database`) the replica answers unless it
 * is down or lags more than the set maximum, and then the primary does, saying so.
 */
export interface ReportSource {
  read<T>(work: (db: Queryable) => Promise<T>): Promise<ReportRead<T>>;
  /** Closes the replica's connections, if any (the service's close). */
  close(): Promise<void>;
}

/** Every report from the primary: a register's SQLite, or a server without a read replica. */
export function primaryReportSource(db: Queryable, now: () => Date): ReportSource {
  return {
    async read(work) {
      const asOf = now().toISOString();
      return { value: await work(db), from: 'primary', asOf, fallback: null };
    },
    async close() {},
  };
}
