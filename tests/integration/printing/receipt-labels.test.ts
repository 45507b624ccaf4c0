import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductLabelResult } from '../../../shared/contracts/product-labels.js';
import type { ProductView } from '../../../shared/contracts/products.js';
import type { ReceiptLabelResult } from '../../../shared/contracts/receipt-labels.js';
import type { ReceiptView } from '../../../shared/contracts/receiving.js';
import { receiptLabelWords } from '../../../shared/receipt-label-words.js';
import { TestPrinter } from '../../support/test-printer.js';
import { addStore, ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A delivery's package labels, and any one package's, printed from the set-up API on the register's
// ESC/POS printer (the test printer on 127.0.0.1) and read back as the printer received them: the
// demo receives a CSV manifest into Quarantine (one package short, one refused), then prints.
let h: SetupHarness;
let printer: TestPrinter;
let receipt: ReceiptView;
const csv = readFileSync(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url), 'utf8');
const MANIFEST = '0004512873';
const BLUE = '1A4FF0100000022000000201';
const GUMMIES = '1A4FF0100000022000000202';
const BULK = '1A4FF0100000022000000203';

const asManager = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, store = 'demo') =>
  h.call(h.tokens.manager, method, path, payload, store);
const receiptLabels = (ref: string, body: unknown = {}, token = h.tokens.manager) =>
  h.call(token, 'POST', `/inventory/receipts/${ref}/labels`, body, 'demo');
const productLabel = (product: string, body: unknown) => asManager('POST', `/products/${product}/labels`, body);
/** The lines the printer printed last, trimmed, blank ones left out. */
const lastLines = () =>
  printer.decoded
    .at(-1)!
    .lines.map((line) => line.trim())
    .filter((line) => line !== '');

beforeAll(async () => {
  h = await setupHarness();
  printer = await new TestPrinter().start();
  await addStore(h.app, 'mesa');
  ok(await asManager('PUT', '/printers/front-1', { address: printer.address }));
  ok(await asManager('PUT', '/store', { licenceNumber: 'C10-0000123-LIC' }));
  const decisions = [
    { label: BLUE, productId: 'FLW-001' },
    { label: GUMMIES, productId: 'EDI-001', received: 8 },
    { label: BULK, refused: 'Seal broken on arrival' },
  ];
  receipt = ok<{ receipt: ReceiptView }>(
    await asManager('POST', '/inventory/receipts', {
      format: 'csv',
      text: csv,
      room: 'Quarantine',
      packages: decisions,
    }),
  ).receipt;
});
afterAll(async () => {
  await printer.stop();
  await h.close();
});

describe('a delivery’s labels', () => {
  it('prints a label of each package received, by its manifest number: tag as a barcode, what is on hand, one cut each', async () => {
    const before = printer.jobs.length;
    const result = ok<ReceiptLabelResult>(await receiptLabels(MANIFEST, { copies: 2 }));
    expect(printer.jobs.length).toBe(before + 1);
    expect(result).toMatchObject({
      printed: true,
      printer: 'front-1',
      receiptId: receipt.receiptId,
      manifestNumber: MANIFEST,
      copies: 2,
      labels: 4,
      skipped: 0,
    });
    expect(result.packages.map((p) => [p.label, p.productName, p.quantity, p.result, p.skipped])).toEqual([
      [BLUE, 'Blue Dream', 40, 'printed', null],
      [GUMMIES, 'Watermelon Gummies 10 x 10mg', 8, 'printed', null],
    ]);
    const job = printer.decoded.at(-1)!;
    expect(job.barcodes).toEqual([BLUE, BLUE, GUMMIES, GUMMIES]);
    expect(job.cuts).toBe(4);
    const lines = lastLines();
    expect(lines.filter((line) => line === BLUE)).toHaveLength(2);
    expect(lines.some((line) => /^Quantity\s+40 units \(3\.5g each\)$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Quantity\s+8 units \(10 pieces each\)$/.test(line))).toBe(true);
    expect(lines).toEqual(expect.arrayContaining(['Green Valley Dispensary', 'State licence C10-0000123-LIC']));
    expect(receiptLabelWords(result)).toBe(`Printed 4 package labels of manifest ${MANIFEST} on front-1's printer.`);
  });

  it('finds the receipt by its id too, and is the receivers’ to print (a cashier’s)', async () => {
    const result = ok<ReceiptLabelResult>(await receiptLabels(receipt.receiptId, {}, h.tokens.cashier));
    expect(result).toMatchObject({ printed: true, copies: 1, labels: 2 });
    expect(printer.decoded.at(-1)!.barcodes).toEqual([BLUE, GUMMIES]);
  });

  it('skips a package with no stock left, saying so, and prints the rest', async () => {
    ok(await asManager('POST', '/inventory/adjustments', { package: GUMMIES, quantity: 0, reason: 'count' }));
    const result = ok<ReceiptLabelResult>(await receiptLabels(MANIFEST));
    expect(result).toMatchObject({ printed: true, labels: 1, skipped: 1 });
    expect(result.packages[1]).toMatchObject({
      label: GUMMIES,
      quantity: 0,
      result: 'skipped',
      skipped: 'it has no stock left',
    });
    expect(printer.decoded.at(-1)!.barcodes).toEqual([BLUE]);
    expect(receiptLabelWords(result)).toBe(
      `Printed 1 package label of manifest ${MANIFEST} on front-1's printer. ` +
        `Skipped 1 package: ${GUMMIES} of Watermelon Gummies 10 x 10mg: it has no stock left.`,
    );
  });

  it('says in words when the printer is off, and fails nothing', async () => {
    await printer.setMode('refuse');
    try {
      const result = ok<ReceiptLabelResult>(await receiptLabels(MANIFEST));
      expect(result).toMatchObject({ printed: false, labels: 1 });
      expect(result.packages.map((p) => p.result)).toEqual(['not_printed', 'skipped']);
      expect(receiptLabelWords(result)).toMatch(
        new RegExp(
          `^The package label of manifest ${MANIFEST} did not print on front-1's printer\\. The printer at 127\\.0\\.0\\.1:\\d+ refused`,
        ),
      );
    } finally {
      await printer.setMode('ok');
    }
  });

  it('refuses in words an unknown receipt, another store’s, and copies out of range; prints nothing', async () => {
    const mesa = ok<{ receipt: ReceiptView }>(
      await h.call(h.tokens.admin, 'POST', '/inventory/receipts', {
        manifest: {
          manifestNumber: '0009990001',
          shipperLicense: 'C11-0000123-LIC',
          packages: [{ label: '1A4FF0100000022000009001', itemName: 'Not ordered', quantity: 1, unit: 'each' }],
        },
        room: 'Sales floor',
        packages: [{ label: '1A4FF0100000022000009001', refused: 'Not ordered' }],
      }),
    ).receipt;
    const before = printer.jobs.length;
    refused(
      await receiptLabels('0000000000'),
      404,
      /^Green Valley Dispensary has no receipt with the id or manifest number 0000000000$/,
    );
    for (const ref of ['0009990001', mesa.receiptId]) {
      refused(
        await receiptLabels(ref),
        404,
        new RegExp(
          `^receipt ${ref} is Store mesa's, not Green Valley Dispensary's: print its labels at its own store$`,
        ),
      );
    }
    refused(await receiptLabels(MANIFEST, { copies: 0 }), 400, /^copies must be a whole number from 1 to 50, not 0$/);
    refused(await receiptLabels(MANIFEST, { printer: 'front-9' }), 404, /^register front-9 has no receipt printer$/);
    refused(await receiptLabels(MANIFEST, { kind: 'shelf' }), 400, /kind/);
    expect(printer.jobs.length).toBe(before);
  });
});

describe('one package’s label', () => {
  it('prints the package asked for, by its tag or id: its own quantity and lab results, the product’s name', async () => {
    const result = ok<ProductLabelResult>(await productLabel('FLW-001', { kind: 'package', package: BLUE }));
    expect(result).toMatchObject({ printed: true, kind: 'package', packageLabel: BLUE, productName: 'Blue Dream' });
    expect(printer.decoded.at(-1)!.barcodes).toEqual([BLUE]);
    // Its manifest's THC % (24.6 of the jar's 3.5 g), not the product's 735 mg.
    expect(lastLines()).toEqual(expect.arrayContaining([BLUE, 'Blue Dream', 'THC 24.6% (861 mg)']));
    expect(lastLines()).not.toContain('THC 21% (735 mg)');
    const blue = receipt.lines[0]!.packageId!;
    ok(await productLabel('FLW-001', { kind: 'package', package: blue, copies: 2 }));
    expect(printer.decoded.at(-1)!.barcodes).toEqual([BLUE, BLUE]);
    // Left out, it is still the package the next sale takes.
    const selling = ok<ProductLabelResult>(await productLabel('FLW-001', { kind: 'package' }));
    expect(selling.packageLabel).toBe('1A4060300003D12000000001');
  });

  it('refuses in words a package not the product’s, another store’s, with no stock or no tag; prints nothing', async () => {
    const rates = [{ name: 'Excise', percent: '15' }];
    ok(await h.call(h.tokens.admin, 'POST', '/tax-classes', { code: 'cannabis', name: 'Cannabis', rates }));
    ok(
      await h.call(h.tokens.admin, 'POST', '/products', {
        sku: 'MESA-1',
        name: 'Mesa Haze',
        type: 'FLOWER',
        priceCents: 3000,
        taxClass: 'cannabis',
        packageLabel: '1A4FF0100000022000009002',
      }),
    );
    const accessory = ok<{ product: ProductView }>(await asManager('GET', '/products/ACC-001')).product;
    const before = printer.jobs.length;
    const cases: [string, unknown, number, RegExp][] = [
      [
        'FLW-001',
        { kind: 'package', package: GUMMIES },
        400,
        new RegExp(
          `^package ${GUMMIES} is a package of Watermelon Gummies 10 x 10mg \\(EDI-001\\), not of Blue Dream \\(FLW-001\\)$`,
        ),
      ],
      [
        'FLW-001',
        { kind: 'package', package: '1A4FF0100000022000009002' },
        404,
        /^package 1A4FF0100000022000009002 is Store mesa's, not Green Valley Dispensary's: label it at its own store$/,
      ],
      [
        'FLW-001',
        { kind: 'package', package: 'NOPE-TAG' },
        404,
        /^no package of Green Valley Dispensary has the id or state tag NOPE-TAG$/,
      ],
      [
        'EDI-001',
        { kind: 'package', package: GUMMIES },
        409,
        new RegExp(`has no stock in package ${GUMMIES}: a package label is for stock on hand$`),
      ],
      [
        'ACC-001',
        { kind: 'package', package: accessory.packageId },
        409,
        new RegExp(`has no state tag on package ${accessory.packageId} to label`),
      ],
      ['FLW-001', { kind: 'shelf', package: BLUE }, 400, /^package is for a package label/],
    ];
    for (const [product, body, status, detail] of cases) refused(await productLabel(product, body), status, detail);
    expect(printer.jobs.length).toBe(before);
  });
});
