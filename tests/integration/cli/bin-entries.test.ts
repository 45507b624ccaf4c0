// The commands users run, bin/servicepay.mjs and bin/serve.mjs (the TypeScript through tsx), are the
// programs every other test runs bundled (SERVICEPAY_BIN, SERVE_BIN; scripts/build-bin.mjs).
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runServicepay } from '../../support/cli-in-process.js';
import { SERVE_BIN, SERVICEPAY_BIN, startService } from '../../support/service-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
afterAll(() => database.drop());

const run = (entry: string, args: string[], env: NodeJS.ProcessEnv = {}) => {
  // A bound: an option taken by mistake starts a service, which must fail the test, not hang it.
  const result = spawnSync(process.execPath, [entry, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

// Each start through tsx compiles for a second and a half on an idle machine: give a busy one room.
describe('bin/ as users run it', { timeout: 180_000 }, () => {
  it('`servicepay` answers as its bundle does, and changes the database', () => {
    for (const args of [['--help'], ['orgs', 'frobnicate']]) {
      expect(run('bin/servicepay.mjs', args), args.join(' ')).toEqual(run(SERVICEPAY_BIN, args));
    }
    const added = run('bin/servicepay.mjs', ['--json', 'orgs', 'add', 'Mesa Verde Cannabis Co.', ...database.args]);
    expect(added.status, added.stderr).toBe(0);
    const listed = run(SERVICEPAY_BIN, ['--json', 'orgs', 'list', ...database.args]);
    expect(JSON.parse(listed.stdout)).toContainEqual(expect.objectContaining(JSON.parse(added.stdout)));
  });

  it("the tests' in-process `servicepay` answers as the command does: output, refusals and exit codes", async () => {
    const cases = [
      ['--help'],
      ['orgs', 'frobnicate'],
      ['--json', 'orgs', 'list', ...database.args],
      ['orgs', 'add', '', ...database.args],
      ['--json', 'dispensaries', 'list', '--org', 'nobody', ...database.args],
      ['jwt', 'sign', '--key', '/nonexistent.pem', '--cert-id', 'c', '--org-id', 'o'],
    ];
    for (const args of cases) {
      expect(await runServicepay(args), args.join(' ')).toEqual(run(SERVICEPAY_BIN, args));
    }
  });

  it('`serve` answers as its bundle does, and serves', async () => {
    expect(run('bin/serve.mjs', ['--port', 'x'])).toEqual(run(SERVE_BIN, ['--port', 'x']));
    const service = await startService([...database.args, '--log-level', 'warn'], { command: 'bin/serve.mjs' });
    try {
      const health = await fetch(`${service.url}/health`);
      expect(health.status).toBe(200);
    } finally {
      await service.stop();
    }
  });

  it('`serve` refuses a whole-number option out of range, from its flag or its SERVICEPAY_ variable', () => {
    const refused = (args: string[], env: NodeJS.ProcessEnv = {}) => {
      const { status, stderr } = run(SERVE_BIN, [...database.args, ...args], env);
      expect(status).toBe(2); // a usage error, as for any bad flag
      return stderr;
    };
    expect(refused(['--db-pool', '0'])).toContain('--db-pool takes a number of connections, 1 or more, not "0"');
    expect(refused(['--backup-keep', '2.5'])).toContain(
      '--backup-keep takes a number of backups, 1 or more, not "2.5"',
    );
    expect(refused([], { SERVICEPAY_HOLD_EXPIRY_MS: '5' })).toContain(
      '--hold-expiry-ms takes a number of milliseconds, 1000 or more, not "5"',
    );
    expect(refused([], { SERVICEPAY_FORWARD_BATCH: '-1' })).toContain(
      '--forward-batch takes a number of changes from 1 to 2000, not "-1"',
    );
    // Above what the store server takes in one request: refused in words, not cut down without one.
    expect(refused(['--forward-batch', '2001'])).toContain(
      'servicepay serve: --forward-batch takes a number of changes from 1 to 2000, not "2001"\n',
    );
    expect(refused([], { SERVICEPAY_FORWARD_BATCH: '5000' })).toContain(
      '--forward-batch takes a number of changes from 1 to 2000, not "5000"',
    );
    // A negative number, however it is given, is refused by what the option takes (Node's parser
    // alone called `--backup-every-hours -1` ambiguous).
    const everyHours =
      '--backup-every-hours takes a number of hours, 1 or more (0 turns automatic backups off), not "-1"';
    expect(refused(['--backup-every-hours', '-1'])).toContain(`servicepay serve: ${everyHours}\n`);
    expect(refused(['--backup-every-hours=-1'])).toContain(everyHours);
    expect(refused([], { SERVICEPAY_BACKUP_EVERY_HOURS: '-1' })).toContain(everyHours);
    expect(refused(['--port', '-1'])).toContain(
      '--port takes a port number from 0 to 65535 (0 picks a free one), not "-1"',
    );
    expect(refused(['--port', '65536'])).toContain('not "65536"');
    // The stored-card caps moved to the store's settings: a register given the old ones stops.
    expect(refused(['--offline-card-max-cents', '5000'])).toContain(
      '--offline-card-max-cents (SERVICEPAY_OFFLINE_CARD_MAX_CENTS) is now a setting of the store, the same ' +
        'for all its registers: set it at the store server with "servicepay dispensaries set <short> ' +
        '--offline-card-max <dollars>"',
    );
    expect(refused([], { SERVICEPAY_OFFLINE_CARD_TOTAL_CENTS: '0' })).toContain(
      '"servicepay dispensaries set <short> --offline-card-total <dollars>"',
    );
    // Passwords are never hashed at a cost below 2^10, nor above the full 2^15 (README "Password hashing").
    expect(refused([], { SERVICEPAY_SCRYPT_COST: '9' })).toContain(
      `SERVICEPAY_SCRYPT_COST must be a whole number from 10 to 15 (log2 of scrypt's N), not "9"`,
    );
    // The flag wins over the variable.
    expect(refused(['--webhook-timeout-ms', '99'], { SERVICEPAY_WEBHOOK_TIMEOUT_MS: '5000' })).toContain(
      '--webhook-timeout-ms takes a number of milliseconds, 100 or more, not "99"',
    );
  });
});
