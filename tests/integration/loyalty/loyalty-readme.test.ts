// The README's "Loyalty" examples, run as written on the demo store, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-loyalty-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Loyalty', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Loyalty', work, database);
    expect(blocks).toHaveLength(1);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(
      /^Loyalty: 1 point a dollar \(none on Accessories\); 100 points make a reward dollar \(a point is worth 1¢\)\.$/m,
    );
    expect(out).toMatch(/^Tiers: Silver from 500 points, \+10%; Gold from 1,500 points, \+25%\. /m);
    expect(out).toMatch(/^Balance: 250 points \(\$2\.50\)\. Silver: 500 points still to earn\.$/m);
    expect(out).toMatch(/Adjusted\s+\+250\s+Welcome bonus\s+operator/);
    expect(out).toMatch(/^Points expire 12 months after the customer's last visit /m);
    // Maria's welcome bonus is today's: it expires a year from today, in the store's days.
    expect(out).toMatch(/^The balance expires \w{3} \d{1,2}, \d{4} unless they earn or spend points before then\.$/m);
    expect(out).toMatch(/^Green Valley Dispensary: no points are due to expire \(12 months without a visit\)\.$/m);
  });
});
