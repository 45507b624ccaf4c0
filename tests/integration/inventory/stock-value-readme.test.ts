// The README's "Stock value" examples, run as written on the demo store, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-stock-value-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Stock value', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Stock value', work, database);
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^cost\s+\$18\.25$/m);
    expect(out).toMatch(/^category\s+products\s+without a cost\s+on hand\s+cost not known\s+at cost\s+at price$/m);
    // The quantities grouped as the sentence under the table groups them ("2,137.65").
    expect(out).toMatch(/^Total\s+\d+\s+\d+\s+\d{1,3}(,\d{3})*(\.\d+)?\s+[\d,.]+\s+\$[\d,]+\.\d\d\s+\$[\d,]+\.\d\d$/m);
    expect(out).toMatch(/The value at cost is of the stock whose cost is known: [\d,.]+ of the [\d,.]+ on hand/);
    expect(out).toMatch(/"categoryName": "Flower"/);
  });
});
