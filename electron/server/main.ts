import { DEFAULT_CONFIG, type ServiceConfig } from './core/config.js';
import { SchemaTooNewError } from './db/migrator.js';
import { DatabaseUnreachableError } from './db/postgres/database-unreachable.js';
import { listenWords } from './http/listen-words.js';
import { folderWords, makeFolder } from './db/sqlite/make-folder.js';
import { FolderHeldError } from './db/sqlite/folder-hold.js';
import { buildServingApp } from './serve-app.js';
import { SERVE_HELP } from './serve-help.js';
import { readServeOptions, ServeUsageError } from './serve-options.js';
import { StateProfilesError } from './core/state-profiles/profile-files.js';
import { stopOnSignal } from './core/stop-on-signal.js';
import { SCRYPT_COST, scryptCost } from './auth/passwords.js';

/** The configuration of the command line, or the help printed (exit 0), or a refusal and the help (exit 2). */
function readConfig(argv: string[], env: NodeJS.ProcessEnv): Partial<ServiceConfig> {
  let read: ReturnType<typeof readServeOptions>;
  try {
    read = readServeOptions(argv, env);
  } catch (error) {
    if (!(error instanceof ServeUsageError)) throw error;
    process.stderr.write(`servicepay serve: ${error.message}\n\n${SERVE_HELP}`);
    process.exit(2);
  }
  if (read.help) {
    process.stdout.write(SERVE_HELP);
    process.exit(0);
  }
  return read.config;
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
