import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newOrderNumber } from './order-number.js';

/** How long a webhook receiver has to answer one try. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How often webhook deliveries coming due are looked for when nothing was written here. */
export const WEBHOOK_POLL_MS = 1000;
/** How often the state records' outbox is read when nothing was written here (retries, other instances' records). */
export const STATE_POLL_MS = 2000;
/** How long a printer has to connect and take a print before the cashier is told it did not answer. */
export const PRINT_TIMEOUT_MS = 4000;

/** Everything that configures one service instance; built from flags and environment by main.ts. */
export interface ServiceConfig {
  /** Folder holding the SQLite database, or ':memory:' (tests). Unused when `database` is set. */
  dataDir: string;
  /** A `postgres://` URL: the store or chain server's database instead of the embedded SQLite. */
  database?: string;
  /** Most PostgreSQL connections this instance opens. */
  databasePoolSize: number;
  /**
   * A `postgres://` URL of a streaming replica of `database` that reports read from
   * (`--read-database`, README "Reports from a read replica"); none: reports read `database`.
   */
  readDatabase?: string;
  /** How many seconds the read replica may be behind before reports read the main database instead. */
  readMaxLagSeconds: number;
  /** How long one check of the read replica serves the reports after it (a burst asks once); tests check every report. */
  readCheckEveryMs: number;
  host: string;
  port: number;
  /**
   * Host names the service also answers to besides loopback and the bound address (`--allowed-host`,
   * `SERVICEPAY_ALLOWED_HOSTS`): the names a store server is reached by. `.example.com` covers a domain.
   */
  allowedHosts: string[];
  /** Load the demo dispensary, users and clients when the database has no dispensary yet. */
  demo: boolean;
  /**
   * A folder of the operator's state profiles (`--profiles DIR`, `SERVICEPAY_PROFILES_DIR`), loaded
   * with the shipped ones at start (README "State profiles"); null for the shipped ones only.
   */
  profilesDir: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Largest accepted request body in bytes (413 above). */
  bodyLimitBytes: number;
  /** Requests each verified API client or token subject (else address) may make per window (429 above). */
  rateLimit: { max: number; windowMs: number };
  /** Lifetime of access tokens issued by login and partner exchange. */
  tokenTtlSeconds: number;
  /** Expected `aud` of partner JWTs. */
  jwtAudience: string;
  /** Failed logins in a row before the account is locked, and for how long. */
  login: { maxFailures: number; lockSeconds: number };
  /** Folder of the built browser pages ($SERVICEPAY_DIST/renderer, default dist/renderer). */
  staticDir: string;
  /** How long the simulated PIN pad takes to read a card (docs/payments.md). */
  pinpadDelayMs: number;
  /** How long after a processor timeout the status lookup asks what happened. */
  reconcileDelayMs: number;
  /**
   * The register's automatic backups (README "Backups"): the folder (default `backups/` in the data
   * folder), every how many hours (0 turns them off) and how many to keep. SQLite on disk only.
   */
  backups: BackupConfig;
  /** How long a service instance may be silent before another takes over its pending payments. */
  instanceStaleMs: number;
  /** How often webhook deliveries coming due (retries, other instances' events) are looked for. */
  webhookPollMs: number;
  /** How long a webhook receiver has to answer one try. */
  webhookTimeoutMs: number;
  /** How often the state records coming due (retries, other instances' records) are looked for. */
  statePollMs: number;
  /** How long a receipt printer has to connect and take a print (README "Receipt printers"). */
  printerTimeoutMs: number;
  /** How often an attached register reads its store's replica again from the server (README "Attaching registers"). */
  replicaRefreshMs: number;
  /** Most changes an attached register sends its server in one request (README "Selling offline"). */
  forwardBatch: number;
  /** On a store server: how long stock a register holds for a sale waits for the sale (README "Attaching registers"). */
  holdExpiryMs: number;
  /**
   * On an attached register: how long a sale waits for its store server (a hold of its units and
   * its customer's allowance, an order's money) before it goes on from the register's own copy, as
   * offline (README "Selling offline").
   */
  serverWaitMs: number;
  /** The clock; tests replace it. */
  now: () => Date;
  /** Draws a new order number (random, checked free by the caller); tests replace it. */
  orderNumbers: () => string;
}

/** Automatic backups of a register's database. */
export interface BackupConfig {
  dir: string | null;
  everyHours: number;
  keep: number;
}

export const DEFAULT_BACKUPS: BackupConfig = { dir: null, everyHours: 24, keep: 7 };

/**
 * The project's folder: the nearest one above this module that holds package.json. The sources
 * (electron/server/core/) and the bundles (out/bin/, out/main/) sit at different depths below it.
 */
function projectRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

export const DEFAULT_CONFIG: ServiceConfig = {
  dataDir: ':memory:',
  databasePoolSize: 10,
  readMaxLagSeconds: 30,
  readCheckEveryMs: 1000,
  host: '127.0.0.1',
  port: 4610,
  allowedHosts: [],
  demo: false,
  profilesDir: process.env.SERVICEPAY_PROFILES_DIR ? resolve(process.env.SERVICEPAY_PROFILES_DIR) : null,
  logLevel: 'info',
  bodyLimitBytes: 256 * 1024,
  rateLimit: { max: 6000, windowMs: 60_000 },
  tokenTtlSeconds: 8 * 60 * 60,
  jwtAudience: 'servicepay',
  login: { maxFailures: 5, lockSeconds: 15 * 60 },
  // A relative SERVICEPAY_DIST (`dist-ui`) is taken from the working folder: the static server needs an absolute root.
  staticDir: process.env.SERVICEPAY_DIST
    ? resolve(process.env.SERVICEPAY_DIST, 'renderer')
    : join(projectRoot(), 'dist', 'renderer'),
  pinpadDelayMs: 2000,
  reconcileDelayMs: 1500,
  // The app and `npm start` read SERVICEPAY_BACKUP_* at their start (backup-settings.ts), `serve` with its flags.
  backups: DEFAULT_BACKUPS,
  instanceStaleMs: 20_000,
  webhookPollMs: WEBHOOK_POLL_MS,
  webhookTimeoutMs: WEBHOOK_TIMEOUT_MS,
  statePollMs: STATE_POLL_MS,
  printerTimeoutMs: PRINT_TIMEOUT_MS,
  replicaRefreshMs: 30_000,
  forwardBatch: 1000,
  holdExpiryMs: 120_000,
  serverWaitMs: 1000,
  now: () => new Date(),
  orderNumbers: newOrderNumber,
};

/** A full config from defaults and the given overrides. */
export function makeConfig(overrides: Partial<ServiceConfig> = {}): ServiceConfig {
  return { ...DEFAULT_CONFIG, ...overrides };
}
