import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BACKUPS, DEFAULT_CONFIG, type ServiceConfig } from './core/config.js';
import { defaultDataDir } from './data-dir.js';
import { SchemaTooNewError } from './db/migrator.js';
import { isDatabaseUrl } from './db/open-data-layer.js';
import { DatabaseUnreachableError } from './db/postgres/database-unreachable.js';
import { parseAllowedHosts } from './http/allowed-hosts.js';
import { listenWords } from './http/listen-words.js';
import { folderWords, makeFolder } from './db/sqlite/make-folder.js';
import { FolderHeldError } from './db/sqlite/folder-hold.js';
import { buildServingApp } from './serve-app.js';
import { negativesJoined, optionVariable, WHOLE_NAMES, wholeOption, type WholeOption } from './whole-options.js';
import { StateProfilesError } from './core/state-profiles/profile-files.js';
import { stopOnSignal } from './core/stop-on-signal.js';
import { SCRYPT_COST, scryptCost, scryptCostProblem } from './auth/passwords.js';

const HELP = `Usage: npm run serve -- [options]

Runs the ServicePay ordering service headless.

Options:
  --port N          port to listen on (env SERVICEPAY_PORT, default ${DEFAULT_CONFIG.port}; 0 picks a free one)
  --host H          address to bind (env SERVICEPAY_HOST, default ${DEFAULT_CONFIG.host})
  --allowed-host NAME
                    another host name the service answers to, besides loopback names and the bound
                    address (all of this machine's addresses for 0.0.0.0): the names a store server
                    is reached by; repeat it or give a comma list; .example.com covers subdomains
                    (env SERVICEPAY_ALLOWED_HOSTS, added to the flags)
  --data DIR        folder of the SQLite database (env SERVICEPAY_DATA_DIR, default ${defaultDataDir()})
                    one service at a time: a second on the same folder is refused
  --database URL    a PostgreSQL database instead: postgres://user:password@host:5432/name
                    (env SERVICEPAY_DATABASE_URL); several instances may share one
  --db-pool N       most PostgreSQL connections of this instance
                    (env SERVICEPAY_DB_POOL, default ${DEFAULT_CONFIG.databasePoolSize})
  --read-database URL
                    a streaming replica of --database that reports read from: postgres://…
                    (env SERVICEPAY_READ_DATABASE_URL); reports read --database when it is down
                    or too far behind, and say so
  --read-max-lag SECONDS
                    how far behind the read replica may be before reports read --database instead
                    (env SERVICEPAY_READ_MAX_LAG, default ${DEFAULT_CONFIG.readMaxLagSeconds})
  --demo            load the demo dispensary, logins and API client when the database is empty
  --profiles DIR    a folder of state profiles (<id>.json) to load with the shipped ones; one with
                    a shipped profile's id replaces it (env SERVICEPAY_PROFILES_DIR); see
                    servicepay profiles check FILE
  --log-level L     fatal|error|warn|info|debug|trace|silent (env SERVICEPAY_LOG_LEVEL, default info)
  --rate-limit N    requests per minute per client (env SERVICEPAY_RATE_LIMIT, default ${DEFAULT_CONFIG.rateLimit.max})
  --pinpad-delay-ms N
                    how long the simulated PIN pad takes to read a card
                    (env SERVICEPAY_PINPAD_DELAY_MS, default ${DEFAULT_CONFIG.pinpadDelayMs})
  --reconcile-delay-ms N
                    wait before asking a processor about a payment whose answer was lost
                    (env SERVICEPAY_RECONCILE_DELAY_MS, default ${DEFAULT_CONFIG.reconcileDelayMs})
  --backup-dir DIR  where the register's automatic backups go
                    (env SERVICEPAY_BACKUP_DIR, default backups/ in the data folder)
  --backup-every-hours N
                    back the register's SQLite up every N hours, and at start when the last backup
                    is older; 0 turns it off (env SERVICEPAY_BACKUP_EVERY_HOURS, default ${DEFAULT_BACKUPS.everyHours});
                    PostgreSQL is backed up by its administrator (pg_dump), never by the service
  --backup-keep N   how many automatic backups to keep (env SERVICEPAY_BACKUP_KEEP, default ${DEFAULT_BACKUPS.keep})
  --takeover-after-ms N
                    on a shared database, how long another instance may be silent before this one
                    takes over the payments it was driving
                    (env SERVICEPAY_TAKEOVER_AFTER_MS, default ${DEFAULT_CONFIG.instanceStaleMs})
  --webhook-timeout-ms N
                    how long a webhook receiver has to answer a delivery before it is retried
                    (env SERVICEPAY_WEBHOOK_TIMEOUT_MS, default ${DEFAULT_CONFIG.webhookTimeoutMs})
  --forward-batch N on an attached register, most changes sent to the store server in one request
                    (env SERVICEPAY_FORWARD_BATCH, default ${DEFAULT_CONFIG.forwardBatch}; from 1 to 2000)
  --hold-expiry-ms N
                    on a store server, how long stock a register holds for a sale waits for the sale
                    before it goes back (env SERVICEPAY_HOLD_EXPIRY_MS, default ${DEFAULT_CONFIG.holdExpiryMs})
  --server-wait-ms N
                    on an attached register, how long a sale waits for the store server before it
                    goes on from the register's copy (env SERVICEPAY_SERVER_WAIT_MS, default ${DEFAULT_CONFIG.serverWaitMs})
  -h, --help        show this help
`;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function fail(message: string): never {
  process.stderr.write(`servicepay serve: ${message}\n\n${HELP}`);
  process.exit(2);
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

function readConfig(argv: string[], env: NodeJS.ProcessEnv): Partial<ServiceConfig> {
  movedToStore(argv, env);
  let parsed;
  try {
    const takesValue = (option: string) => (OPTIONS as Record<string, { type: string }>)[option]?.type === 'string';
    parsed = parseArgs({ args: negativesJoined(argv, takesValue), options: OPTIONS }).values;
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
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
  return {
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
}

/** Stops the start with one line saying why, no stack (exit code 1: the options were fine). */
function cannotStart(message: string): never {
  process.stderr.write(`servicepay serve: ${message}\n`);
  process.exit(1);
}

const config = readConfig(process.argv.slice(2), process.env);
// A register's data folder the system makes nothing in (a file in its place, /proc, a read-only disk).
if (config.database === undefined && config.dataDir !== undefined) {
  try {
    makeFolder(config.dataDir);
  } catch (error) {
    const why = folderWords(error);
    if (why === undefined) throw error;
    cannotStart(`--data ${config.dataDir} cannot hold the database: ${why}`);
  }
}
let app: Awaited<ReturnType<typeof buildServingApp>>;
try {
  app = await buildServingApp(config);
} catch (error) {
  // A database that cannot be reached or is newer than this build, a state profile that is not
  // valid, a data folder another service serves: one clear line, no stack.
  if (
    error instanceof DatabaseUnreachableError ||
    error instanceof SchemaTooNewError ||
    error instanceof StateProfilesError ||
    error instanceof FolderHeldError
  ) {
    cannotStart(error.message);
  }
  // A data folder whose hold file cannot be written (a read-only disk, a folder of another user).
  const why = config.database === undefined ? folderWords(error) : undefined;
  if (why !== undefined) cannotStart(`--data ${config.dataDir} cannot hold the database: ${why}`);
  throw error;
}
const { port = DEFAULT_CONFIG.port, host = DEFAULT_CONFIG.host } = config;
try {
  await app.listen({ port, host });
} catch (error) {
  // The port taken (a second instance started on the same one), or an address not of this machine.
  const words = listenWords(error, host, port);
  if (words === undefined) throw error;
  await app.close();
  cannotStart(words);
}
app.log.info({ database: app.ctx.db.description }, 'servicepay service ready');
const hashCost = scryptCost(process.env);
if (hashCost < SCRYPT_COST)
  app.log.warn(
    { scryptCost: hashCost },
    'new passwords and PINs are hashed at a lowered scrypt cost (SERVICEPAY_SCRYPT_COST): for test suites only',
  );

const stop = stopOnSignal(() => app.close(), {
  info: (message) => app.log.info(message),
  error: (message, error) => app.log.error({ err: error }, message),
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, stop);
