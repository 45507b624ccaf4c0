import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { invalidInput, ServicePayError, type FailureProblem } from '../../shared/errors.js';
import type { CatalogChange, LiveTopic, StoreChange } from '../../shared/contracts/live.js';
import { defaultDataDir } from '../server/data-dir.js';
import type { DataLayer } from '../server/db/data-layer.js';
import { SchemaTooNewError } from '../server/db/migrator.js';
import { openDataLayer } from '../server/db/open-data-layer.js';
import { DatabaseUnreachableError } from '../server/db/postgres/database-unreachable.js';
import { folderWords } from '../server/db/sqlite/make-folder.js';
import { DATABASE_FILE } from '../server/db/sqlite/sqlite-data-layer.js';
import { SqliteFile } from '../server/db/sqlite/sqlite-file.js';
import { StoreSetup } from '../server/setup/store-setup.js';
import { ioOf, type CliIo } from './cli-io.js';
import { dispensaryTopic, notifyLive } from '../server/core/live-hub.js';
import { loadStateProfiles } from '../server/core/state-profiles/profile-files.js';
import type { StateProfiles } from '../server/core/state-profiles/state-profiles.js';

/** What every command gets: the open database and how to print its result. */
export interface CliContext extends FileCommandContext {
  db: DataLayer;
  /** Store set-up, as the operator (the same service the back office's set-up routes call). */
  setup: StoreSetup;
  /** The state profiles loaded: the shipped ones and `--profiles DIR`'s, as the service loads them. */
  profiles: StateProfiles;
  /**
   * True when this run made the register's database: `--data` held none (a mistyped folder, most
   * likely). A command with nothing to do on a new database refuses (NOT_FOUND), and the run then
   * leaves nothing behind.
   */
  databaseMade: boolean;
}

interface GlobalOptions {
  data?: string;
  database?: string;
  json?: boolean;
  profiles?: string;
}

/** The global options (`--data`, `--database`, `--json`) as seen from any subcommand. */
function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}

/** Prints a result: one JSON document with --json, else the text for people. */
function printer(json: boolean, io: CliIo): CliContext['print'] {
  return (data, human) => {
    io.stdout.write(json ? `${JSON.stringify(data, null, 2)}\n` : `${typeof human === 'function' ? human() : human}\n`);
  };
}

/** `--database` / SERVICEPAY_DATABASE_URL, when given. */
function databaseUrl(options: GlobalOptions): string | undefined {
  return options.database ?? (process.env.SERVICEPAY_DATABASE_URL || undefined);
}

/** Opens the database the options name: `--database` / SERVICEPAY_DATABASE_URL, else `--data`. */
async function open(options: GlobalOptions): Promise<DataLayer> {
  const database = databaseUrl(options);
  const dataDir = options.data ?? defaultDataDir();
  try {
    return await openDataLayer({ database, dataDir, poolSize: 2, listen: false });
  } catch (error) {
    if (error instanceof DatabaseUnreachableError || error instanceof SchemaTooNewError) {
      throw new ServicePayError('UNAVAILABLE', error.message);
    }
    // A data folder the system makes nothing in (a file in its place, /proc, a read-only disk).
    const why = database === undefined ? folderWords(error) : undefined;
    if (why === undefined) throw error;
    throw invalidInput('--data', `${dataDir} cannot hold the database: ${why}`);
  }
}

/** How a command names the fields of the service it calls: `{ processorName: '--processor' }`. */
export type FieldNames = Readonly<Record<string, string>>;

/**
 * Wraps a command's action: opens the database named by `--database` or `--data` (or the default
 * data folder), runs the action, closes the database, and turns a ServicePayError into a one-line
 * message and exit code 1 (never a stack trace). A refusal naming a field of the service (the HTTP
 * API's name) names the command's option instead when `fields` maps it.
 */
export function action<A extends unknown[]>(
  run: (cli: CliContext, ...args: A) => Promise<void> | void,
  fields: FieldNames = {},
): (...args: [...A, Command]) => Promise<void> {
  return async (...args) => {
    const command = args[args.length - 1] as Command;
    const options = globalOptions(command);
    const json = options.json === true;
    const context = fileContext(command);
    const made = context.database === undefined ? newDatabase(context.dataDir) : null;
    let db: DataLayer;
    let profiles: StateProfiles;
    try {
      profiles = loadStateProfiles(context.profilesDir);
      db = await open(options);
    } catch (error) {
      fail(error, json, context.io);
      return;
    }
    let failed = false;
    try {
      // A product or a store's settings changed here reach the screens of every service on the database (through
      // PostgreSQL's NOTIFY, or a register's SQLite file: db/sqlite/file-notices.ts).
      // Once committed, a lost notice costs a screen its refresh, never the change: it is not a failure.
      const told = (dispensaryId: string, topic: LiveTopic, event: string, data: unknown) =>
        notifyLive(db, dispensaryTopic(dispensaryId, topic), event, data).catch(() => undefined);
      const setup = new StoreSetup(db, undefined, profiles, {
        catalogChanged: (dispensaryId, productIds) =>
          told(dispensaryId, 'catalog', 'catalog.changed', { productIds } satisfies CatalogChange),
        storeChanged: (dispensaryId, fields) =>
          told(dispensaryId, 'store', 'store.changed', { fields } satisfies StoreChange),
      });
      await run({ db, setup, profiles, databaseMade: made !== null, ...context }, ...(args.slice(0, -1) as A));
    } catch (error) {
      failed = true;
      fail(made ? made.said(renamed(error, fields)) : renamed(error, fields), json, context.io);
    } finally {
      await db.close();
      // A refused command leaves no database where there was none (a mistyped `--data`, say).
      if (failed) made?.forget();
    }
  };
}

/**
 * When `dataDir` holds no database yet (this run makes one): how a refusal says so, and how to
 * take away what the run made, when it wrote nothing in it — the file, its journal, and the folder
 * when the run made it too.
 */
function newDatabase(dataDir: string): { said(error: unknown): unknown; forget(): void } | null {
  if (dataDir === ':memory:') return null;
  const file = join(dataDir, DATABASE_FILE);
  if (existsSync(file)) return null;
  const folderMade = !existsSync(dataDir);
  return {
    // What a new database cannot have found (a store, an order) is most likely in another folder.
    said: (error) =>
      error instanceof ServicePayError && error.code === 'NOT_FOUND'
        ? new ServicePayError(
            error.code,
            `${error.message} (${dataDir} held no database: is --data the store's folder?)`,
            { field: error.field, cause: error },
          )
        : error,
    forget() {
      // Only a database the run wrote nothing into: what a command did before it was refused stays.
      if (!SqliteFile.with(file, { readonly: true, mustExist: true }, (made) => made.holdsOnlySchema())) return;
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
      if (folderMade && readdirSync(dataDir).length === 0) rmdirSync(dataDir);
    },
  };
}

/** What every command knows without opening the database (`servicepay restore` gets only this). */
export interface FileCommandContext {
  /** `--database` / SERVICEPAY_DATABASE_URL when given: PostgreSQL, not a register's file. */
  database: string | undefined;
  /** The register's data folder (`--data`, else the default), whether or not SQLite is used. */
  dataDir: string;
  /** True with `--json`: print one JSON document for scripts instead of text for people. */
  json: boolean;
  /** The operator's folder of state profiles (`--profiles`, SERVICEPAY_PROFILES_DIR), or null. */
  profilesDir: string | null;
  /** Prints `data` as JSON with --json, or `human` (text or a function making it) otherwise. */
  print(data: unknown, human: string | (() => string)): void;
  /** Where this run reads and writes, and how it says it failed (cli-io.ts). */
  io: CliIo;
}

/** Like `action`, for a command that works on the database file with nothing else holding it open. */
export function fileAction<A extends unknown[]>(
  run: (cli: FileCommandContext, ...args: A) => Promise<void> | void,
): (...args: [...A, Command]) => Promise<void> {
  return async (...args) => {
    const context = fileContext(args[args.length - 1] as Command);
    try {
      await run(context, ...(args.slice(0, -1) as A));
    } catch (error) {
      fail(error, context.json, context.io);
    }
  };
}

/** What every command knows without opening the database: where it is and how to print. */
function fileContext(command: Command): FileCommandContext {
  const options = globalOptions(command);
  const json = options.json === true;
  const io = ioOf(command);
  return {
    io,
    database: databaseUrl(options),
    dataDir: options.data ?? defaultDataDir(),
    json,
    profilesDir: options.profiles ?? (process.env.SERVICEPAY_PROFILES_DIR || null),
    print: printer(json, io),
  };
}

/**
 * The error with the command's name for its field, when the command names that field otherwise
 * (`rates[].percent` in `fields` stands for every index): in place of the field where the words
 * begin with it ("--percent must be…"), else before them ("--hours: The time must be…").
 */
export function renamed(error: unknown, fields: FieldNames): unknown {
  if (!(error instanceof ServicePayError) || error.field === undefined) return error;
  const { field, message } = renamedProblem({ field: error.field, message: error.message }, fields);
  const problems = error.details?.problems?.map((problem) => renamedProblem(problem, fields));
  if (field === error.field && problems === undefined) return error;
  return new ServicePayError(error.code, message, {
    field,
    cause: error,
    ...(problems ? { details: { problems } } : {}),
  });
}

function renamedProblem(problem: FailureProblem, fields: FieldNames): FailureProblem {
  const option = fields[problem.field] ?? fields[problem.field.replace(/\[\d+\]/g, '[]')];
  if (option === undefined || problem.message.startsWith(option)) return problem;
  const message = problem.message.startsWith(problem.field)
    ? `${option}${problem.message.slice(problem.field.length)}`
    : `${option}: ${problem.message}`;
  return { field: option, message };
}

/**
 * Reports a refused command in one line (a line per problem of a request checked whole), or its JSON
 * body, with exit code 1; rethrows faults.
 */
function fail(error: unknown, json: boolean, io: CliIo): void {
  if (!(error instanceof ServicePayError)) throw error;
  if (json) io.stdout.write(`${JSON.stringify(error.toBody(), null, 2)}\n`);
  else {
    const problems = error.details?.problems ?? [];
    const lines = problems.length > 1 ? problems.map((problem) => problem.message) : [error.message];
    io.stderr.write(lines.map((line) => `servicepay: ${line}\n`).join(''));
  }
  io.fail();
}

/** Text made for screens (no-break spaces keep "3:37 PM" whole) with plain spaces, for a terminal. */
export function plainSpaces(text: string): string {
  return text.replace(/\u00a0/g, ' ');
}

/** Formats rows as an aligned text table for people. */
export function table<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[]): string {
  if (rows.length === 0) return '(none)';
  const cells = rows.map((row) => columns.map((column) => String((row as Record<string, unknown>)[column] ?? '')));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}
