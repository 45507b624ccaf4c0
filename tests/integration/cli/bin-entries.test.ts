// The commands users run, bin/servicepay.mjs and bin/serve.mjs (the TypeScript through tsx), are the
// programs every other test runs bundled (SERVICEPAY_BIN, SERVE_BIN; scripts/build-bin.mjs).
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVE_BIN, SERVICEPAY_BIN, startService } from '../../support/service-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
afterAll(() => database.drop());

const run = (entry: string, args: string[]) => {
  const result = spawnSync(process.execPath, [entry, ...args], { encoding: 'utf8' });
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
});
