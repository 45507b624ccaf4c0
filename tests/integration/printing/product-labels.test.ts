import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductLabelResult } from '../../../shared/contracts/product-labels.js';
import { TestPrinter } from '../../support/test-printer.js';
import { loginAt } from '../cash/support/drawer-fixtures.js';
import { ok, refused, setupHarness, type SetupHarness } from '../setup/support/setup-fixtures.js';

// A product's shelf and package labels printed from the back office's set-up API on the register's
// ESC/POS printer (the test printer on 127.0.0.1), read back as the printer received them.
let h: SetupHarness;
let printer: TestPrinter;
const BLUE_DREAM_TAG = '1A4060300003D12000000001';

const asManager = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
  h.call(h.tokens.manager, method, path, payload, 'demo');
const label = (product: string, body: unknown, token = h.tokens.manager) =>
  h.call(token, 'POST', `/products/${product}/labels`, body, 'demo');
const printed = async (product: string, body: unknown) => {
  const before = printer.jobs.length;
  const result = ok<ProductLabelResult>(await label(product, body));
  expect(printer.jobs.length).toBe(before + 1);
  const job = printer.decoded.at(-1)!;
  return { result, job, lines: job.lines.map((line) => line.trim()).filter((line) => line !== '') };
};

beforeAll(async () => {
  h = await setupHarness();
  printer = await new TestPrinter().start();
  ok(await asManager('PUT', '/printers/front-1', { address: printer.address }));
  ok(await asManager('PUT', '/store', { licenceNumber: 'C10-0000123-LIC' }));
});
afterAll(async () => {
  await printer.stop();
  await h.close();
});

describe('product labels on the register’s printer', () => {
  it('prints shelf labels, one cut each: the name, brand and size, the price large, THC', async () => {
    const { result, job, lines } = await printed('FLW-001', { kind: 'shelf', copies: 2 });
    expect(result).toEqual({
      resultCode: 'SUCCESS',
      resultReason: null,
      printed: true,
      printer: 'front-1',
      productName: 'Blue Dream',
      kind: 'shelf',
      copies: 2,
    });
    expect(job.cuts).toBe(2);
    expect(job.barcodes).toEqual([]);
    expect(lines.filter((line) => line === 'Blue Dream')).toHaveLength(2);
    expect(lines).toEqual(expect.arrayContaining(['Humboldt Hills', 'Sativa · 3.5g', '$35.00', 'THC 21% (735 mg)']));
    const large = job.events.flatMap((event) => (event.kind === 'text' && event.large ? [event.text.trim()] : []));
    expect(large.slice(0, 2)).toEqual(['Blue Dream', '$35.00']);
  });

  it('prints a weighed flower’s price by the gram and its price breaks', async () => {
    const breaks = [
      { weightMg: 1000, priceCents: 1000 },
      { weightMg: 3500, priceCents: 3000 },
      { weightMg: 7000, priceCents: 5500 },
    ];
    ok(await asManager('PATCH', '/products/DEL-001', { priceBreaks: breaks }));
    const { lines } = await printed('DEL-001', { kind: 'shelf' });
    expect(lines).toContain('$10.00 / g');
    expect(lines.some((line) => /^1 g\s+\$10\.00$/.test(line))).toBe(true);
    expect(lines.some((line) => /^3\.5 g\s+\$30\.00$/.test(line))).toBe(true);
    expect(lines.some((line) => /^7 g\s+\$55\.00$/.test(line))).toBe(true);
    expect(lines).toContain('THC 20% (200 mg a gram)');
  });

  it('prints package labels: the state tag as a Code 128 barcode and in words, quantity, THC, store, licence, date', async () => {
    const { result, job, lines } = await printed('FLW-001', { kind: 'package', copies: 3, printer: 'front-1' });
    expect(result).toMatchObject({ printed: true, kind: 'package', copies: 3 });
    expect(job.barcodes).toEqual([BLUE_DREAM_TAG, BLUE_DREAM_TAG, BLUE_DREAM_TAG]);
    expect(job.cuts).toBe(3);
    expect(lines.filter((line) => line === BLUE_DREAM_TAG)).toHaveLength(3);
    expect(lines.some((line) => /^Quantity\s+40 units \(3\.5g each\)$/.test(line))).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        'State package tag',
        'THC 21% (735 mg)',
        'Green Valley Dispensary',
        'State licence C10-0000123-LIC',
      ]),
    );
    // The store's time in Sacramento, whatever the machine's zone.
    expect(lines).toContainEqual(
      expect.stringMatching(/^Printed \w{3}\u00a0\d{1,2},\u00a0\d{4}, \d{1,2}:\d{2}\u00a0[AP]M\u00a0P[SD]T$/),
    );
  });

  it('states a package’s own lab results on its label, the product’s where it has none', async () => {
    // The delivery's Blue Dream package tested at 24.6 % THC (its manifest's "THC %"); the product says 735 mg of 3.5 g.
    const csv = readFileSync(new URL('../../fixtures/manifests/delivery-with-shortage.csv', import.meta.url), 'utf8');
    const TESTED = '1A4FF0100000022000000201';
    ok(
      await asManager('POST', '/inventory/receipts', {
        format: 'csv',
        text: csv,
        room: 'Quarantine',
        packages: [
          { label: TESTED, productId: 'FLW-001' },
          { label: '1A4FF0100000022000000202', productId: 'EDI-001', received: 8 },
          { label: '1A4FF0100000022000000203', refused: 'Seal broken on arrival' },
        ],
      }),
    );
    const tested = await printed('FLW-001', { kind: 'package', package: TESTED });
    expect(tested.job.barcodes).toEqual([TESTED]);
    expect(tested.lines).toContain('THC 24.6% (861 mg)');
    expect(tested.lines).not.toContain('THC 21% (735 mg)');
    // The delivery's labels are the same labels.
    const before = printer.jobs.length;
    ok(await asManager('POST', '/inventory/receipts/0004512873/labels', {}));
    expect(printer.jobs.length).toBe(before + 1);
    expect(printer.decoded.at(-1)!.lines.map((line) => line.trim())).toContain('THC 24.6% (861 mg)');
    // Corrected from its certificate as a line of words, the label says what the line says.
    ok(await asManager('PATCH', `/inventory/packages/${TESTED}`, { labResults: 'THC 22.5%, CBD 0.4%, passed' }));
    const corrected = await printed('FLW-001', { kind: 'package', package: TESTED });
    expect(corrected.lines).toEqual(expect.arrayContaining(['THC 22.5% (788 mg)', 'CBD 0.4% (14 mg)']));
    // The demo's jar on the floor has no lab results: its label (the next sale's) says the product's.
    expect((await printed('FLW-001', { kind: 'package' })).lines).toContain('THC 21% (735 mg)');
  });

  it('states the quantity of the one package labelled, not the whole floor’s', async () => {
    // The delivery's Blue Dream package (received above into quarantine) joins the demo's jar on the
    // floor: the product's stock is now both packages, and the label still says one package's.
    const TESTED = '1A4FF0100000022000000201';
    ok(await asManager('POST', '/inventory/moves', { package: TESTED, room: 'Sales floor' }));
    type Listed = { label: string; sellsNext: boolean; onHand: number };
    const { packages } = ok<{ packages: Listed[] }>(
      await h.call(h.tokens.manager, 'GET', '/products/FLW-001/packages', undefined, 'demo'),
    );
    const next = packages.find((p) => p.sellsNext)!;
    const { product } = ok<{ product: { quantityOnHand: number; packageLabel: string } }>(
      await h.call(h.tokens.manager, 'GET', '/products/FLW-001', undefined, 'demo'),
    );
    expect(product.packageLabel).toBe(next.label);
    expect(product.quantityOnHand).toBe(80);
    const { job, lines } = await printed('FLW-001', { kind: 'package' });
    expect(job.barcodes).toEqual([next.label]);
    expect(next.onHand).toBe(40);
    expect(lines.filter((line) => line.startsWith('Quantity'))).toEqual([
      expect.stringMatching(/^Quantity\s+40 units \(3\.5g each\)$/),
    ]);
    // Named, either package says its own.
    const other = packages.find((p) => !p.sellsNext)!;
    const named = await printed('FLW-001', { kind: 'package', package: other.label });
    expect(named.lines.some((line) => /^Quantity\s+40 units \(3\.5g each\)$/.test(line))).toBe(true);
  });

  it('says in words when the printer is off, and fails nothing', async () => {
    await printer.setMode('refuse');
    try {
      const result = ok<ProductLabelResult>(await label('FLW-001', { kind: 'shelf' }));
      expect(result).toMatchObject({ printed: false, printer: 'front-1', copies: 1 });
      expect(result.problem).toMatch(/^The printer at 127\.0\.0\.1:\d+ refused the connection/);
    } finally {
      await printer.setMode('ok');
    }
  });

  it('refuses bad input in words and prints nothing', async () => {
    ok(await asManager('POST', '/products/FLW-002/archive'));
    const before = printer.jobs.length;
    const cases: [string, unknown, number, RegExp][] = [
      ['NOPE-1', { kind: 'shelf' }, 404, /^no product has the id or SKU NOPE-1 at Green Valley Dispensary$/],
      ['FLW-002', { kind: 'shelf' }, 409, /^product Purple Punch \(FLW-002\) is archived: bring it back/],
      ['FLW-001', { kind: 'shelf', copies: 0 }, 400, /^copies must be a whole number from 1 to 50, not 0$/],
      ['FLW-001', { kind: 'shelf', copies: 51 }, 400, /^copies must be a whole number from 1 to 50, not 51$/],
      [
        'FLW-001',
        { kind: 'shelf', copies: 'two' },
        400,
        /^copies must be a whole number from 1 to 50, not the text "two"$/,
      ],
      ['FLW-001', { kind: 'shelf', copies: 2.5 }, 400, /^copies must be a whole number from 1 to 50, not 2\.5$/],
      ['FLW-001', { kind: 'shelf', copies: -1 }, 400, /^copies must be a whole number from 1 to 50, not -1$/],
      ['FLW-001', { kind: 'sticker' }, 400, /^kind must be one of "shelf", "package"$/],
      ['FLW-001', {}, 400, /^kind is required$/],
      ['ACC-001', { kind: 'package' }, 409, /no package with a state tag to label/],
      [
        'VAP-003',
        { kind: 'package' },
        409,
        /has no stock in package 1A4060300003D12000000020: a package label is for stock on hand$/,
      ],
      ['FLW-001', { kind: 'shelf', printer: 'front-9' }, 404, /^register front-9 has no receipt printer$/],
    ];
    for (const [product, body, status, detail] of cases) refused(await label(product, body), status, detail);
    // Printing labels is the products' permission (store:manage): not a cashier's.
    refused(await label('FLW-001', { kind: 'shelf' }, h.tokens.cashier), 403, /store:manage/);
    expect(printer.jobs.length).toBe(before);
  });

  it('asks which printer when the store has several, and says when it has none', async () => {
    await loginAt(h.app, 'cashier', 'cashier-demo-1', 'front-2'); // front-2 becomes a register of the store
    ok(await asManager('PUT', '/printers/front-2', { address: printer.address }));
    refused(
      await label('FLW-001', { kind: 'shelf' }),
      400,
      /^printer must say which register's printer prints them: front-1, front-2$/,
    );
    expect((await printed('FLW-001', { kind: 'shelf', printer: 'front-2' })).result.printer).toBe('front-2');
    ok(await asManager('DELETE', '/printers/front-1'));
    ok(await asManager('DELETE', '/printers/front-2'));
    refused(
      await label('FLW-001', { kind: 'shelf' }),
      404,
      /^Green Valley Dispensary has no receipt printer: set one up in Store setup \(Printers\) first$/,
    );
  });
});
