// `serve`'s command line and SERVICEPAY_ variables, read in-process: what it takes, and what it refuses
// in words (bin-entries checks once that the command prints them and exits 2).
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../../electron/server/core/config.js';
import { readServeOptions, ServeUsageError } from '../../../electron/server/serve-options.js';

/** The configuration `serve` reads from `argv` and `env` (never this process's variables). */
function configOf(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const read = readServeOptions(argv, env);
  if (read.help) throw new Error('expected a configuration, not the help');
  return read.config;
}

/** The words `serve` refuses `argv` and `env` with. */
function refusal(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  try {
    readServeOptions(argv, env);
  } catch (error) {
    if (error instanceof ServeUsageError) return error.message;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(argv)} ${JSON.stringify(env)} to be refused`);
}

describe('serve options', () => {
  it('takes a flag over its variable, a variable without its flag, and the defaults otherwise', () => {
    expect(
      configOf(['--port', '0', '--db-pool', '4'], { SERVICEPAY_DB_POOL: '9', SERVICEPAY_HOST: '0.0.0.0' }),
    ).toMatchObject({
      port: 0,
      databasePoolSize: 4,
      host: '0.0.0.0',
      pinpadDelayMs: DEFAULT_CONFIG.pinpadDelayMs,
      logLevel: 'info',
    });
    expect(configOf(['--pinpad-delay-ms=600000', '--log-level', 'warn'])).toMatchObject({
      pinpadDelayMs: 600_000,
      logLevel: 'warn',
    });
    expect(readServeOptions(['--help'], {})).toEqual({ help: true });
    expect(readServeOptions(['-h', '--port', 'x'], {})).toEqual({ help: true });
  });

  it('refuses a whole-number option out of range, from its flag or its variable, saying what it takes', () => {
    expect(refusal(['--db-pool', '0'])).toBe('--db-pool takes a number of connections, 1 or more, not "0"');
    expect(refusal(['--backup-keep', '2.5'])).toBe('--backup-keep takes a number of backups, 1 or more, not "2.5"');
    expect(refusal([], { SERVICEPAY_HOLD_EXPIRY_MS: '5' })).toBe(
      '--hold-expiry-ms takes a number of milliseconds, 1000 or more, not "5"',
    );
    // Above what the store server takes in one request: refused in words, not cut down without one.
    for (const [argv, env] of [
      [['--forward-batch', '2001'], {}],
      [[], { SERVICEPAY_FORWARD_BATCH: '5000' }],
      [[], { SERVICEPAY_FORWARD_BATCH: '-1' }],
    ] as const) {
      expect(refusal([...argv], env)).toMatch(
        /^--forward-batch takes a number of changes from 1 to 2000, not "-?\d+"$/,
      );
    }
    expect(refusal(['--port', '-1'])).toBe('--port takes a port number from 0 to 65535 (0 picks a free one), not "-1"');
    expect(refusal(['--port', '65536'])).toBe(
      '--port takes a port number from 0 to 65535 (0 picks a free one), not "65536"',
    );
    // The flag wins over the variable, in its refusal too.
    expect(refusal(['--webhook-timeout-ms', '99'], { SERVICEPAY_WEBHOOK_TIMEOUT_MS: '5000' })).toBe(
      '--webhook-timeout-ms takes a number of milliseconds, 100 or more, not "99"',
    );
  });

  it('refuses a negative number however it is given (Node’s parser alone called it ambiguous)', () => {
    const everyHours =
      '--backup-every-hours takes a number of hours, 1 or more (0 turns automatic backups off), not "-1"';
    expect(refusal(['--backup-every-hours', '-1'])).toBe(everyHours);
    expect(refusal(['--backup-every-hours=-1'])).toBe(everyHours);
    expect(refusal([], { SERVICEPAY_BACKUP_EVERY_HOURS: '-1' })).toBe(everyHours);
  });

  it('refuses the stored-card caps that became the store’s settings, saying where they are set now', () => {
    expect(refusal(['--offline-card-max-cents', '5000'])).toBe(
      '--offline-card-max-cents (SERVICEPAY_OFFLINE_CARD_MAX_CENTS) is now a setting of the store, the same ' +
        'for all its registers: set it at the store server with "servicepay dispensaries set <short> ' +
        '--offline-card-max <dollars>" or in the back office (Store setup), and start the register without it',
    );
    expect(refusal([], { SERVICEPAY_OFFLINE_CARD_TOTAL_CENTS: '0' })).toContain(
      '"servicepay dispensaries set <short> --offline-card-total <dollars>"',
    );
  });

  it('refuses an unknown flag, a log level, a database that is not PostgreSQL and a replica without one', () => {
    expect(refusal(['--frobnicate'])).toMatch(/frobnicate/);
    expect(refusal(['--log-level', 'loud'])).toBe(
      '--log-level must be one of fatal, error, warn, info, debug, trace, silent',
    );
    expect(refusal(['--database', 'mysql://x'])).toBe('--database must be a postgres:// URL, not "mysql://x"');
    expect(refusal(['--read-database', 'postgres://replica/db'])).toBe(
      "--read-database needs --database: a read replica is a streaming replica of a PostgreSQL database, and a register's SQLite has none",
    );
  });

  it('never hashes passwords at a cost below 2^10 nor above 2^15 (README "Password hashing")', () => {
    expect(refusal([], { SERVICEPAY_SCRYPT_COST: '9' })).toBe(
      `SERVICEPAY_SCRYPT_COST must be a whole number from 10 to 15 (log2 of scrypt's N), not "9"`,
    );
    expect(configOf([], { SERVICEPAY_SCRYPT_COST: '10' })).toBeDefined();
  });
});
