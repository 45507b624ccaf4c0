// The README's "Labels" example, run as written on the demo store (the engine under test), with the
// test printer in place of the printer at 127.0.0.1:9100.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPrinter } from '../../support/test-printer.js';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-labels-readme-'));
const database = await freshDatabase();
let printer: TestPrinter;
beforeAll(async () => {
  printer = await new TestPrinter().start();
});
afterAll(async () => {
  await printer.stop();
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Labels', () => {
  it('runs the example as written, and the printer receives the labels', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Labels', work, database, {
      '127.0.0.1:9100': `127.0.0.1:${printer.port}`,
    });
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    expect(result.stdout).toContain("Printed 2 shelf labels of Blue Dream on front-1's printer.");
    expect(result.stdout).toContain('"kind": "package"');
    expect(result.stdout).toContain('"printed": true');
    expect(result.stdout).toContain("Printed 1 package label of Blue Dream on front-1's printer.");
    const [shelf, pkg, chosen] = printer.decoded;
    expect(printer.jobs).toHaveLength(3);
    expect(shelf!.cuts).toBe(2);
    expect(pkg!.barcodes).toEqual(['1A4060300003D12000000001']);
    expect(chosen!.barcodes).toEqual(['1A4060300003D12000000001']);
  });
});
