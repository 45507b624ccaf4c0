import type { Command } from 'commander';
import { ServicePayError } from '../../shared/errors.js';
import { defaultDataDir } from '../server/data-dir.js';
import type { DataLayer } from '../server/db/data-layer.js';
import { SchemaTooNewError } from '../server/db/migrator.js';
import { openDataLayer } from '../server/db/open-data-layer.js';
import { DatabaseUnreachableError } from '../server/db/postgres/pg-connection.js';
import { StoreSetup } from '../server/setup/store-setup.js';

/** What every command gets: the open database and how to print its result. */
export interface CliContext {
  db: DataLayer;
  /** Store set-up, as the operator (the same service the back office's set-up routes call). */
  setup: StoreSetup;
  /** True with `--json`: print one JSON document for scripts instead of text for people. */
  json: boolean;
  /** Prints `data` as JSON with --json, or `human` (text or a function making it) otherwise. */
  print(data: unknown, human: string | (() => string)): void;
}

interface GlobalOptions {
  data?: string;
  database?: string;
  json?: boolean;
}

/** The global options (`--data`, `--database`, `--json`) as seen from any subcommand. */
function globalOptions(command: Command): GlobalOptions {
  return command.optsWithGlobals<GlobalOptions>();
}

/** Opens the database the options name: `--database` / SERVICEPAY_DATABASE_URL, else `--data`. */
async function open(options: GlobalOptions): Promise<DataLayer> {
  const database = options.database ?? (process.env.SERVICEPAY_DATABASE_URL || undefined);
  try {
    return await openDataLayer({ database, dataDir: options.data ?? defaultDataDir(), poolSize: 2, listen: false });
  } catch (error) {
    if (error instanceof DatabaseUnreachableError || error instanceof SchemaTooNewError) {
      throw new ServicePayError('UNAVAILABLE', error.message);
    }
    throw error;
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
    let db: DataLayer;
    try {
      db = await open(options);
    } catch (error) {
      fail(error, json);
      return;
    }
    const cli: CliContext = {
      db,
      setup: new StoreSetup(db),
      json,
      print(data, human) {
        process.stdout.write(
          json ? `${JSON.stringify(data, null, 2)}\n` : `${typeof human === 'function' ? human() : human}\n`,
        );
      },
    };
    try {
      await run(cli, ...(args.slice(0, -1) as A));
    } catch (error) {
      fail(renamed(error, fields), json);
    } finally {
      await db.close();
    }
  };
}

/**
 * The error with the command's name for its field, when the command names that field otherwise
 * (`rates[].percent` in `fields` stands for every index).
 */
function renamed(error: unknown, fields: FieldNames): unknown {
  if (!(error instanceof ServicePayError) || error.field === undefined) return error;
  const option = fields[error.field] ?? fields[error.field.replace(/\[\d+\]/g, '[]')];
  if (option === undefined || !error.message.startsWith(error.field)) return error;
  const message = `${option}${error.message.slice(error.field.length)}`;
  return new ServicePayError(error.code, message, { field: option, cause: error });
}

/** Reports a refused command in one line (or its JSON body) with exit code 1; rethrows faults. */
function fail(error: unknown, json: boolean): void {
  if (!(error instanceof ServicePayError)) throw error;
  if (json) process.stdout.write(`${JSON.stringify(error.toBody(), null, 2)}\n`);
  else process.stderr.write(`servicepay: ${error.message}\n`);
  process.exitCode = 1;
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
