// The bundles the tests spawn (scripts/build-bin.mjs) start on little CPU: they load no npm package
// from node_modules but the native better-sqlite3, `servicepay` leaves the service's code unread
// until a command needs it, `serve` leaves what few of its starts use (PostgreSQL's driver on a
// register's SQLite, the printers' encoders, the OpenAPI document's maker) unread until then, and
// their text is ASCII (tests/bench/startup-bench.ts measures it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICEPAY_BIN, startService } from '../../support/service-process.js';
import { freshDatabase } from '../../support/test-database.js';

const database = await freshDatabase();
const dir = mkdtempSync(join(tmpdir(), 'servicepay-bundles-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await database.drop();
});

/** An --import that writes every module URL the process resolves (ES imports) to LOADED_LOG. */
const hook = join(dir, 'log-loads.mjs');
writeFileSync(
  hook,
  `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.LOADED_LOG, resolved.url + '\\\\n');
  return resolved;
}\`));
`,
);

const loadsEnv = (name: string) => {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  return { log, env: { NODE_OPTIONS: `--import=${pathToFileURL(hook).href}`, LOADED_LOG: log } };
};

/** The files a process loaded: npm packages by name, and the bytes of the bundles' files. */
function loaded(log: string) {
  const files = [...new Set(readFileSync(log, 'utf8').split('\n'))].filter((url) => url.startsWith('file:'));
  const paths = files.map((url) => fileURLToPath(url));
  const packages = new Set(
    paths.flatMap((path) => {
      const found = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
      return found ? [found[1]!] : [];
    }),
  );
  const bundleBytes = paths
    .filter((path) => path.includes('/out/bin/'))
    .reduce((sum, path) => sum + statSync(path).size, 0);
  return { packages, bundleBytes };
}

const binDir = join(SERVICEPAY_BIN, '..');

/** The sources (as their source maps name them) of the bundles' files a process loaded. */
function loadedSources(log: string): string[] {
  const paths = [...new Set(readFileSync(log, 'utf8').split('\n'))]
    .filter((url) => url.startsWith('file:'))
    .map((url) => fileURLToPath(url))
    .filter((path) => path.includes('/out/bin/'));
  return paths.flatMap((path) => (JSON.parse(readFileSync(`${path}.map`, 'utf8')) as { sources: string[] }).sources);
}

/** What of PostgreSQL's code and the ESC/POS encoders `sources` hold. */
function lateCode(sources: readonly string[]) {
  const named = (pattern: RegExp) => sources.filter((source) => pattern.test(source));
  return {
    pg: named(/node_modules\/pg[^/]*\/|\/db\/postgres\/(?!database-unreachable)/),
    escpos: named(/node_modules\/@point-of-sale\/|\/printing\/escpos\.ts$/),
  };
}

describe('the bundled commands', { timeout: 120_000 }, () => {
  it('load no npm package but better-sqlite3, and `servicepay` reads at most 60 % of the code `serve` does', async () => {
    const command = loadsEnv('servicepay');
    const listed = spawnSync(process.execPath, [SERVICEPAY_BIN, '--json', 'orgs', 'list', ...database.args], {
      encoding: 'utf8',
      env: { ...process.env, ...command.env },
    });
    expect(listed.status, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual(expect.any(Array));

    const served = loadsEnv('serve');
    const service = await startService([...database.args, '--log-level', 'warn'], { env: served.env });
    try {
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
    } finally {
      await service.stop();
    }

    const cli = loaded(command.log);
    const serve = loaded(served.log);
    for (const { packages } of [cli, serve]) {
      expect([...packages].filter((name) => name !== 'better-sqlite3')).toEqual([]);
    }
    expect(serve.bundleBytes).toBeGreaterThan(0);
    expect(cli.bundleBytes).toBeLessThan(serve.bundleBytes * 0.6);
  });

  it("`serve` on SQLite loads no PostgreSQL code, nor the printers' encoders, until they are used", async () => {
    const data = join(dir, 'register');
    const served = loadsEnv('serve-sqlite');
    const service = await startService(['--data', data, '--log-level', 'warn'], { env: served.env });
    let started: string[];
    try {
      expect((await fetch(`${service.url}/health`)).status).toBe(200);
      started = loadedSources(served.log);
    } finally {
      await service.stop();
    }
    expect(started.length).toBeGreaterThan(0);
    expect(lateCode(started)).toEqual({ pg: [], escpos: [] });
  });

  it('are ASCII text, which Node reads and V8 parses as one byte a character', () => {
    const files = readdirSync(binDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
    expect(files).toEqual(expect.arrayContaining(['servicepay.mjs', 'serve.mjs']));
    for (const file of files) {
      const bytes = readFileSync(join(binDir, file));
      expect(
        bytes.findIndex((byte) => byte > 0x7f),
        file,
      ).toBe(-1);
    }
  });

  it('`servicepay demo sales` loads the service when it runs, and makes the sales', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [SERVICEPAY_BIN, '--json', ...args, ...database.args], { encoding: 'utf8' });
    expect(run('demo', 'load').status).toBe(0);
    const made = run('demo', 'sales', '--days', '1', '--per-day', '2');
    expect(made.status, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ sales: expect.any(Number), skipped: expect.any(Number) });
    const { sales, skipped } = JSON.parse(made.stdout) as { sales: number; skipped: number };
    expect(sales + skipped).toBe(2);
  });
});
