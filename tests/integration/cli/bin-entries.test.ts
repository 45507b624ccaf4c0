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

  it('`serve` prints what it refuses, then its help, and exits 2: a flag or a SERVICEPAY_ variable', () => {
    // Every refusal's words are tests/unit/serve/serve-options.test.ts's: here, that the command says them.
    for (const [args, env, words] of [
      [['--forward-batch', '2001'], {}, '--forward-batch takes a number of changes from 1 to 2000, not "2001"'],
      [[], { SERVICEPAY_SCRYPT_COST: '9' }, 'SERVICEPAY_SCRYPT_COST must be a whole number from 10 to 15'],
    ] as const) {
      const { status, stdout, stderr } = run(SERVE_BIN, [...database.args, ...args], env);
      expect(status, stderr).toBe(2); // a usage error, as for any bad flag
      expect(stdout).toBe('');
      expect(stderr.startsWith(`servicepay serve: ${words}`), stderr).toBe(true);
      expect(stderr).toContain('\n\nUsage: npm run serve -- [options]');
    }
    const help = run(SERVE_BIN, ['--help']);
    expect([help.status, help.stderr]).toEqual([0, '']);
    expect(help.stdout).toMatch(/^Usage: npm run serve -- \[options\]/);
  });
});
