// The README's "Inventory counts" examples, run as written on the demo store: curl against the
// service, then `servicepay inventory count`, on the engine under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/test-database.js';
import { runSectionOnDemo } from '../support/readme-shell.js';

const work = mkdtempSync(join(tmpdir(), 'servicepay-counts-readme-'));
const database = await freshDatabase();
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await database.drop();
});

describe('the README: Inventory counts', () => {
  it('runs every example as written', { timeout: 120_000 }, async () => {
    const { blocks, result } = await runSectionOnDemo('### Inventory counts', work, database);
    expect(blocks).toHaveLength(2);
    expect(result.code, `${result.stderr}\n${result.stdout}`).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(
      /"number":1,"name":"Flower room","note":"","categories":\["FLOWER"\],"rooms":\[\],"scope":"Flower","status":"OPEN"/,
    );
    expect(out).toMatch(/"counted":38,"expected":40,"difference":-2,"differenceCents":-7000/);
    expect(out).toMatch(/"status":"APPLIED","startedBy":"manager"/);
    expect(out).toMatch(/Count 2 "Edibles shelf" \(Edibles\), open: started by Operator \(servicepay command\) on /);
    expect(out).toContain(
      'Counted 47 of Watermelon Gummies 10 x 10mg (package 1A4060300003D12000000024): 48 expected, 1 short.',
    );
    expect(out).toMatch(/Count 2 "Edibles shelf" \(Edibles\), paused: /);
    expect(out).toMatch(
      /Watermelon Gummies 10 x 10mg \(EDI-001\)\s+1A4060300003D12000000024\s+48\s+47\s+-1\s+-\$20\.00/,
    );
    expect(out).toContain('Applied: 1 adjustment made.');
    expect(out).toMatch(
      /Count 3 "Count of the Vault" \(the Vault\), open: started by Operator \(servicepay command\) on /,
    );
    expect(out).toMatch(/Count 3 "Count of the Vault" \(the Vault\), cancelled: /);
    expect(out).toMatch(/"status": "APPLIED",\s+"startedBy": "operator"/);
  });
});
