// The README's "Setting up a store", run as written: an empty database (of the engine under test) to
// a first sale, through the real `servicepay` command, the real service and curl.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, SERVE_BIN, SERVICEPAY_BIN } from '../../support/service-process.js';
import { freshDatabase } from '../../support/test-database.js';

const ROOT = join(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'servicepay-walkthrough-'));
const database = await freshDatabase();

/** The shell blocks of the README's "Setting up a store", in order. */
function walkthroughBlocks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Setting up a store\n');
  const end = readme.indexOf('\n## ', start + 1);
  expect(start, 'the README has a "Setting up a store" section').toBeGreaterThan(0);
  return [...readme.slice(start, end).matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
}

/**
 * What the shell has in place of a newcomer's checkout: `npx servicepay` and `npm run serve` are the
 * repository's own commands (bundled: SERVICEPAY_BIN, SERVE_BIN) with the test database's arguments (the block that exports
 * SERVICEPAY_DATA_DIR or SERVICEPAY_DATABASE_URL is the one step the test does itself). A
 * background `npm run serve` becomes the service process, so `kill %1` stops it as it would npm.
 */
const PRELUDE = `
set -euo pipefail
DB=("$DB_FLAG" "$DB_VALUE")
npx() {
  if [ "$1" != servicepay ]; then echo "the walkthrough may only run npx servicepay, not npx $*" >&2; return 1; fi
  shift; node "$SERVICEPAY_BIN" "$@" "\${DB[@]}"
}
npm() {
  if [ "$1 $2 $3" != "run serve --" ]; then echo "the walkthrough may only run npm run serve --, not npm $*" >&2; return 1; fi
  shift 3
  if [ "$BASHPID" != "$$" ]; then exec node "$SERVE_BIN" "$@" "\${DB[@]}"; fi
  node "$SERVE_BIN" "$@" "\${DB[@]}"
}
`;

function run(script: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Its own process group, so whatever it leaves running is stopped with it.
    const child = spawn('bash', ['-c', script], { cwd: work, env: { ...process.env, ...env }, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // nothing left running
      }
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: setting up a store', () => {
  it('takes an empty database to a first sale, every command as written', { timeout: 240_000 }, async () => {
    const blocks = walkthroughBlocks();
    const environment = blocks.filter((block) => /export SERVICEPAY_/.test(block));
    expect(environment).toHaveLength(1);
    const port = String(await freePort());
    const script = [PRELUDE, ...blocks.filter((block) => !environment.includes(block))]
      .join('\n')
      .replaceAll('127.0.0.1:4610', `127.0.0.1:${port}`)
      .replaceAll('--port 4610', `--port ${port}`);
    const [flag, value] = database.args;
    const result = await run(script, { SERVICEPAY_BIN, SERVE_BIN, DB_FLAG: flag!, DB_VALUE: value! });
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(result.stdout).toContain('Imported 3 products into mesa: 3 created, 0 updated');
    expect(result.stdout).toMatch(/cannabis\s+Cannabis\s+25\.31 %/);
    expect(lines).toContain('43.86');
    expect(lines).toContain('Cash received; change due 614 cents');
    expect(lines.at(-1)).toBe('PAID');
  });
});
