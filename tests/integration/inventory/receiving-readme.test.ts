// The README's "Receiving" examples, run as written on the demo store, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestPrinter } from '../../support/test-printer.js';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

// The test printer stands in for the printer at 127.0.0.1:9100 the labels print on.
const work = mkdtempSync(join(tmpdir(), 'servicepay-receiving-readme-'));
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

describe('the README: Receiving', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Receiving', work, database, {
      '127.0.0.1:9100': `127.0.0.1:${printer.port}`,
    });
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^1A4FF0100000022000000201\s+Blue Dream Flower 3\.5g\s+40\s+FLW-001 Blue Dream/m);
    expect(out).toMatch(/^1A4FF0100000022000000203\s+Sour Diesel Bulk Flower\s+453\.592 g/m);
    expect(out).toMatch(/^Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short\.$/m);
    expect(out).toMatch(/^Moved Blue Dream \(1A4FF0100000022000000201\): Quarantine → Sales floor\.$/m);
    expect(out).toMatch(/^1A4FF0100000022000000201\s+Sales floor\s+40\s+2027-05-02\s+sells next$/m);
    expect(out).toMatch(/^Printed 2 package labels of manifest 0004512873 on front-1's printer\.$/m);
    expect(out).toMatch(/^Printed 4 package labels of manifest 0004512873 on front-1's printer\.$/m);
    const [received, again] = printer.decoded;
    expect(printer.jobs).toHaveLength(2);
    expect(received!.barcodes).toEqual(['1A4FF0100000022000000201', '1A4FF0100000022000000202']);
    expect(again!.cuts).toBe(4);
  });
});
