import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { scryptCostProblem } from './auth/passwords.js';
import { DEFAULT_BACKUPS, DEFAULT_CONFIG, type ServiceConfig } from './core/config.js';
import { defaultDataDir } from './data-dir.js';
import { isDatabaseUrl } from './db/open-data-layer.js';
import { parseAllowedHosts } from './http/allowed-hosts.js';
import { negativesJoined, optionVariable, WHOLE_NAMES, wholeOption, type WholeOption } from './whole-options.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A command line or variable `serve` refuses: its words (the caller prints them, then the help, exit 2). */
export class ServeUsageError extends Error {
  override readonly name = 'ServeUsageError';
}

function fail(message: string): never {
  throw new ServeUsageError(message);
}

function databaseUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isDatabaseUrl(value)) fail(`--database must be a postgres:// URL, not "${value}"`);
  return value;
}

/** The read replica's URL: only beside a PostgreSQL --database, whose replica it is. */
function readDatabaseUrl(value: string | undefined, database: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isDatabaseUrl(value)) fail(`--read-database must be a postgres:// URL, not "${value}"`);
  if (database === undefined) {
    fail(
      '--read-database needs --database: a read replica is a streaming replica of a PostgreSQL ' +
        "database, and a register's SQLite has none",
    );
  }
  return value;
}

function resolveDir(value: string | undefined): string | null {
  return value ? resolve(value) : null;
}

function allowedHosts(flags: readonly string[], env: NodeJS.ProcessEnv): string[] {
  try {
    return parseAllowedHosts([...flags, env.SERVICEPAY_ALLOWED_HOSTS ?? '']);
  } catch (error) {
    fail((error as Error).message);
  }
}

const OPTIONS = {
  ...(Object.fromEntries(WHOLE_NAMES.map((flag) => [flag, { type: 'string' }])) as Record<
    WholeOption,
    { type: 'string' }
  >),
  host: { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  data: { type: 'string' },
  database: { type: 'string' },
  'read-database': { type: 'string' },
  demo: { type: 'boolean' },
  'log-level': { type: 'string' },
  'backup-dir': { type: 'string' },
  profiles: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * The caps of stored card payments were flags of each register's service; they are the store's
 * settings now. A register started with the old flag or variable stops rather than store cards
 * under caps its operator did not choose.
 */
function movedToStore(argv: string[], env: NodeJS.ProcessEnv): void {
  for (const cap of ['max', 'total']) {
    const flag = `--offline-card-${cap}-cents`;
    const variable = `SERVICEPAY_OFFLINE_CARD_${cap.toUpperCase()}_CENTS`;
    if (argv.some((arg) => arg === flag || arg.startsWith(`${flag}=`)) || env[variable] !== undefined) {
      fail(
        `${flag} (${variable}) is now a setting of the store, the same for all its registers: set it at the ` +
          `store server with "servicepay dispensaries set <short> --offline-card-${cap} <dollars>" or in the ` +
          'back office (Store setup), and start the register without it',
      );
    }
  }
}

/**
 * `serve`'s configuration from its command line and SERVICEPAY_ variables (a flag wins over its
 * variable), or `help` when asked for it. Throws ServeUsageError, in words, on what it refuses.
 */
export function readServeOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { help: true } | { help: false; config: Partial<ServiceConfig> } {
  movedToStore(argv, env);
  let parsed;
  try {
    const takesValue = (option: string) => (OPTIONS as Record<string, { type: string }>)[option]?.type === 'string';
    parsed = parseArgs({ args: negativesJoined(argv, takesValue), options: OPTIONS }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.help) return { help: true };
  const costProblem = scryptCostProblem(env);
  if (costProblem) fail(costProblem);
  const logLevel = parsed['log-level'] ?? env.SERVICEPAY_LOG_LEVEL ?? 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    fail(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  // A whole-number option: its flag, else its SERVICEPAY_ variable (--db-pool: SERVICEPAY_DB_POOL).
  const whole = (flag: WholeOption, fallback: number) => {
    const text = parsed[flag] ?? env[optionVariable(flag)];
    if (text === undefined) return fallback;
    const value = wholeOption(flag, text);
    return typeof value === 'number' ? value : fail(value);
  };
  const database = databaseUrl(parsed.database ?? env.SERVICEPAY_DATABASE_URL);
  const config: Partial<ServiceConfig> = {
    port: whole('port', DEFAULT_CONFIG.port),
    host: parsed.host ?? env.SERVICEPAY_HOST ?? DEFAULT_CONFIG.host,
    allowedHosts: allowedHosts(parsed['allowed-host'] ?? [], env),
    dataDir: parsed.data ?? defaultDataDir(env),
    database,
    databasePoolSize: whole('db-pool', DEFAULT_CONFIG.databasePoolSize),
    readDatabase: readDatabaseUrl(parsed['read-database'] ?? env.SERVICEPAY_READ_DATABASE_URL, database),
    readMaxLagSeconds: whole('read-max-lag', DEFAULT_CONFIG.readMaxLagSeconds),
    demo: parsed.demo ?? false,
    profilesDir: resolveDir(parsed.profiles ?? env.SERVICEPAY_PROFILES_DIR),
    logLevel: logLevel as ServiceConfig['logLevel'],
    rateLimit: { max: whole('rate-limit', DEFAULT_CONFIG.rateLimit.max), windowMs: 60_000 },
    pinpadDelayMs: whole('pinpad-delay-ms', DEFAULT_CONFIG.pinpadDelayMs),
    reconcileDelayMs: whole('reconcile-delay-ms', DEFAULT_CONFIG.reconcileDelayMs),
    backups: {
      dir: resolveDir(parsed['backup-dir'] ?? env.SERVICEPAY_BACKUP_DIR),
      everyHours: whole('backup-every-hours', DEFAULT_BACKUPS.everyHours),
      keep: whole('backup-keep', DEFAULT_BACKUPS.keep),
    },
    instanceStaleMs: whole('takeover-after-ms', DEFAULT_CONFIG.instanceStaleMs),
    webhookTimeoutMs: whole('webhook-timeout-ms', DEFAULT_CONFIG.webhookTimeoutMs),
    forwardBatch: whole('forward-batch', DEFAULT_CONFIG.forwardBatch),
    holdExpiryMs: whole('hold-expiry-ms', DEFAULT_CONFIG.holdExpiryMs),
    serverWaitMs: whole('server-wait-ms', DEFAULT_CONFIG.serverWaitMs),
  };
  return { help: false, config };
}
