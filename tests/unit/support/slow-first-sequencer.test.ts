import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { environmentOf } from '../../support/vitest/slow-first-sequencer.js';

const dir = mkdtempSync(join(tmpdir(), 'servicepay-sequencer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Vitest reads these words in any test file's text, this one's too: the files' heads are put together.
const ENV = ['@vitest', 'environment'].join('-');

/** A test file of `head` in the scratch folder: its path. */
function file(name: string, head: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${head}import { it } from 'vitest';\nit('runs', () => undefined);\n`);
  return path;
}

describe("the test order's environments (files of one share a worker)", () => {
  it('reads the environment and its options a file asks for, and none for a Node file', () => {
    const pos = `// ${ENV} happy-dom\n// ${ENV}-options {"url":"http://127.0.0.1:4610/pos/"}\n`;
    expect(environmentOf(file('pos.test.ts', pos))).toBe('happy-dom {"url":"http://127.0.0.1:4610/pos/"}');
    expect(environmentOf(file('dom.test.ts', `/** ${ENV} happy-dom */\n`))).toBe('happy-dom ');
    expect(environmentOf(file('node.test.ts', ''))).toBe(' ');
  });

  it('tells apart two pages of one environment, whose files cannot share a worker', () => {
    const at = (url: string) => `// ${ENV} happy-dom\n// ${ENV}-options {"url":"${url}"}\n`;
    const backOffice = environmentOf(file('a.test.ts', at('http://127.0.0.1:4610/backoffice/')));
    expect(environmentOf(file('b.test.ts', at('http://127.0.0.1:4610/backoffice/')))).toBe(backOffice);
    expect(environmentOf(file('c.test.ts', at('http://127.0.0.1:4610/pos/')))).not.toBe(backOffice);
  });
});
