// The README's "Reports" examples, run as written on the demo store, on the engine under test.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-reports-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Reports', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Reports', work, database);
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    expect(result.stdout).toMatch(/^day\s+sales\s+gross\s+discounts\s+returns\s+net/m);
    expect(result.stdout).toMatch(/^Previous period 2026-10-02 to 2026-10-31: /m);
    expect(result.stdout).toMatch(/^budtender\s+quantity\s+sales/m);
    expect(result.stdout).toMatch(
      /^category\s+products\s+quantity\s+at cost\s+at price\s+without a cost\s+quantity cost not known\s+at price cost not known$/m,
    );
    // What the value at cost covers, in the stock value's words (the demo has no cost known).
    expect(result.stdout).toMatch(/^No stock on hand has a known cost: its [\d,.]+ \(units, grams when weighed\)/m);
    expect(result.stdout).toMatch(/^(Added up \d+ store days?|Every closed store day was added up already)\.$/m);
    expect(readFileSync(join(work, 'tax.csv'), 'utf8')).toMatch(/^month,tax layer,collected,refunded,owed\r\n/);
  });
});
