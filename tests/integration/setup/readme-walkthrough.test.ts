// The README's "Setting up a store", run as written: an empty database (of the engine under test) to
// a first sale, through the real `servicepay` command, the real service and curl.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readmeShellBlocks, runReadme } from '../support/readme-shell.js';
import { freshDatabase } from '../../support/test-database.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-walkthrough-'));
const database = await freshDatabase();

/** The shell blocks of the README's "Setting up a store", in order. */
function walkthroughBlocks(): string[] {
  const blocks = readmeShellBlocks('## Setting up a store');
  expect(blocks.length, 'the README has a "Setting up a store" section').toBeGreaterThan(0);
  return blocks;
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
    const steps = blocks.filter((block) => !environment.includes(block));
    const result = await runReadme(steps, work, database);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(result.stdout).toContain('Imported 3 products into Mesa Verde Dispensary: 3 created, 0 updated');
    expect(result.stdout).toMatch(/cannabis\s+Cannabis\s+25\.31 %/);
    expect(lines).toContain('43.86');
    expect(lines).toContain('Cash received; change due $6.14');
    expect(lines.at(-1)).toBe('PAID');
  });
});
