import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { verdict, type Finding } from '../../../scripts/electron-security-report.mjs';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'servicepay-electronegativity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs `npm run check:electron`'s script on a folder; answers its exit code and output. */
async function check(input: string): Promise<{ code: number; out: string }> {
  const args = [
    'scripts/check-electron-security.mjs',
    '--input',
    input,
    '--sarif',
    join(work, `${Math.random()}.sarif`),
  ];
  try {
    const { stdout } = await run(process.execPath, args, { encoding: 'utf8' });
    return { code: 0, out: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: failed.stdout };
  }
}

const finding = (severity: string, id = 'SOME_CHECK'): Finding => ({
  id,
  severity,
  confidence: 'FIRM',
  file: 'main.ts',
  line: 3,
  column: 7,
  description: 'why',
});

describe('the Electron security check', () => {
  it('fails on a high-severity finding of any confidence, and only on those', () => {
    expect(verdict([finding('MEDIUM'), finding('LOW'), finding('INFORMATIONAL')]).failed).toBe(false);
    const result = verdict([
      finding('MEDIUM'),
      { ...finding('HIGH', 'CONTEXT_ISOLATION_JS_CHECK'), confidence: 'TENTATIVE' },
    ]);
    expect(result.failed).toBe(true);
    expect(result.lines.at(-1)).toBe('electronegativity: FAILED: 2 finding(s), 1 of severity HIGH');
    expect(result.lines).toContain('HIGH          TENTATIVE CONTEXT_ISOLATION_JS_CHECK  main.ts:3:7  why');
  });

  it('fails when a file could not be parsed (it went unchecked), not on tolerable warnings', () => {
    expect(verdict([], [{ file: 'a.ts', message: 'Unexpected token', tolerable: false }]).failed).toBe(true);
    expect(verdict([], [{ file: 'a.ts', message: 'recovered', tolerable: true }]).failed).toBe(false);
  });

  it('runs the real scanner: the shell passes, an insecure main process and a weakened shell fail', async () => {
    // The shell with its windows' contextIsolation switched off: the check must notice.
    const weakened = join(work, 'app');
    cpSync('electron/app', weakened, { recursive: true });
    const window = join(weakened, 'windows', 'app-window.ts');
    writeFileSync(window, readFileSync(window, 'utf8').replaceAll('contextIsolation: true', 'contextIsolation: false'));

    const [shell, fixture, weak] = await Promise.all([
      check('electron/app'),
      check('tests/fixtures/electron-insecure'),
      check(weakened),
    ]);
    expect(shell.out).toContain('electronegativity: passed');
    expect(shell.code).toBe(0);
    expect(fixture.code).toBe(1);
    expect(fixture.out).toMatch(/HIGH .*CONTEXT_ISOLATION_JS_CHECK {2}main\.js:6/);
    expect(fixture.out).toMatch(/HIGH .*LIMIT_NAVIGATION_GLOBAL_CHECK/);
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/HIGH .*CONTEXT_ISOLATION_JS_CHECK {2}windows\/app-window\.ts/);
  }, 60_000);
});
