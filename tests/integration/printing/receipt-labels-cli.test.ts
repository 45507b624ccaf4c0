// `servicepay inventory labels` and `servicepay inventory receive … --labels` as an operator runs them,
// on the engine under test, the demo store, with the test printer on 127.0.0.1 as front-1's printer.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptLabelResult } from '../../../shared/contracts/receipt-labels.js';
import type { ReceiptView } from '../../../shared/contracts/receiving.js';
import { TestPrinter } from '../../support/test-printer.js';
import { demoCli } from '../support/demo-cli.js';

const { servicepay, json, demo } = await demoCli();
const FILE = fileURLToPath(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url));
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';
const work = mkdtempSync(join(tmpdir(), 'servicepay-receipt-labels-'));
let printer: TestPrinter;

/** The same delivery's decisions for `receive`: Blue Dream matched, the gummies 2 short, the bulk flower refused. */
const decided = (file: string, tag = (t: string) => t) => [
  'inventory',
  'receive',
  file,
  ...demo,
  '--room',
  'Quarantine',
  '--match',
  '--product',
  `${tag(GUMMIES)}=EDI-001`,
  '--received',
  `${tag(GUMMIES)}=8`,
  '--refuse',
  `${tag(BULK)}=Seal broken`,
];

beforeAll(async () => {
  printer = await new TestPrinter().start();
});
afterAll(async () => {
  await printer.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('servicepay inventory labels', { timeout: 60_000 }, () => {
  it('receives a delivery with --labels, and says the labels did not print when the store has no printer', async () => {
    const run = await servicepay(...decided(FILE), '--labels');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^Received manifest 0004512873 into Quarantine: 2 accepted, 1 refused, 1 short\.$/m);
    expect(run.stdout).toMatch(
      /^Its labels did not print: Green Valley Dispensary has no receipt printer: set one up in Store setup \(Printers\) first\.$/m,
    );
    expect(printer.jobs).toHaveLength(0);
  });

  it('prints a delivery’s labels by its manifest number, in words, with a line a package', async () => {
    expect((await servicepay('printers', 'set', 'front-1', printer.address, ...demo)).status).toBe(0);
    const run = await servicepay('inventory', 'labels', '0004512873', ...demo, '--copies', '2');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Printed 4 package labels of manifest 0004512873 on front-1's printer\.$/m);
    expect(run.stdout).toMatch(/^package\s+product\s+on hand\s+label$/m);
    expect(run.stdout).toMatch(new RegExp(`^${GUMMIES}\\s+Watermelon Gummies 10 x 10mg\\s+8\\s+printed$`, 'm'));
    expect(run.stdout).not.toContain(BULK);
    const job = printer.decoded.at(-1)!;
    expect(job.barcodes).toEqual([BLUE, BLUE, GUMMIES, GUMMIES]);
    expect(job.cuts).toBe(4);
  });

  it('prints the same shape as the API with --json', async () => {
    const result = await json<ReceiptLabelResult>('inventory', 'labels', '0004512873', ...demo, '--printer', 'front-1');
    expect(result).toMatchObject({ resultCode: 'SUCCESS', printed: true, printer: 'front-1', labels: 2, skipped: 0 });
    expect(result.packages.map((p) => [p.label, p.result])).toEqual([
      [BLUE, 'printed'],
      [GUMMIES, 'printed'],
    ]);
  });

  it('refuses bad input naming the option, prints nothing, and exits 1', async () => {
    const before = printer.jobs.length;
    const cases: [string[], string][] = [
      [['0004512873', '--copies', 'two'], '--copies must be a whole number from 1 to 50, not "two"'],
      [['0004512873', '--copies', '51'], '--copies must be a whole number from 1 to 50, not 51'],
      [['0000000000'], 'Green Valley Dispensary has no receipt with the id or manifest number 0000000000'],
      [['0004512873', '--printer', 'front-9'], 'register front-9 has no receipt printer'],
    ];
    for (const [args, words] of cases) {
      const run = await servicepay('inventory', 'labels', ...args, ...demo);
      expect(run.status, run.stdout).toBe(1);
      expect(run.stderr).toContain(`servicepay: ${words}`);
    }
    const stray = await servicepay(...decided(FILE), '--copies', '2');
    expect(stray.stderr).toContain('servicepay: --labels is needed with --copies and --printer');
    expect(printer.jobs.length).toBe(before);
  });

  it('receives another delivery and prints its labels with --labels, as JSON too', async () => {
    const renumber = (tag: string) => tag.replace(/0000002(\d\d)$/, '0000003$1');
    const text = readFileSync(FILE, 'utf8')
      .replace('0004512873', '0004512874')
      .replace(/1A4FF01000000220000002(\d\d)/g, '1A4FF01000000220000003$1');
    const file = join(work, 'second-delivery.csv');
    writeFileSync(file, text);
    const answer = await json<{ receipt: ReceiptView; labels: ReceiptLabelResult }>(
      ...decided(file, renumber),
      '--labels',
    );
    expect(answer.receipt).toMatchObject({ manifestNumber: '0004512874', accepted: 2, refused: 1 });
    expect(answer.labels).toMatchObject({ printed: true, manifestNumber: '0004512874', labels: 2 });
    expect(printer.decoded.at(-1)!.barcodes).toEqual([renumber(BLUE), renumber(GUMMIES)]);
  });

  it('prints one package’s label with products label --package, and refuses another product’s package', async () => {
    const run = await servicepay('products', 'label', 'FLW-001', ...demo, '--kind', 'package', '--package', BLUE);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe("Printed 1 package label of Blue Dream on front-1's printer.");
    expect(printer.decoded.at(-1)!.barcodes).toEqual([BLUE]);
    const other = await servicepay('products', 'label', 'FLW-001', ...demo, '--kind', 'package', '--package', GUMMIES);
    expect(other.status).toBe(1);
    expect(other.stderr.trim()).toBe(
      `servicepay: --package ${GUMMIES} is a package of Watermelon Gummies 10 x 10mg (EDI-001), not of Blue Dream (FLW-001)`,
    );
  });
});
