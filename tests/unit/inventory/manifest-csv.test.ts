import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifestCsv, type ManifestResult } from '../../../shared/inventory/manifest.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/manifests/${name}`, import.meta.url), 'utf8');

function manifestOf(result: ManifestResult) {
  if ('problems' in result) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.manifest;
}

function messagesOf(result: ManifestResult) {
  if (!('problems' in result)) throw new Error('was read, expected problems');
  return result.problems.map((problem) => `${problem.where}: ${problem.message}`);
}

const HEAD = '# Manifest: 0004512873\n# Shipper licence: C11-0000123-LIC\n';

describe('a manifest from CSV', () => {
  it('reads a delivery with a BOM, CRLF, quoted fields, # rows above the header and a package that came short', () => {
    const manifest = manifestOf(parseManifestCsv(fixture('delivery-with-shortage.csv')));
    expect(manifest).toMatchObject({
      manifestNumber: '0004512873',
      shipperLicense: 'C11-0000123-LIC',
      shipperName: 'Emerald Valley Distribution, LLC',
    });
    expect(manifest.packages).toEqual([
      {
        label: '1A4FF0100000022000000201',
        itemName: 'Blue Dream Flower 3.5g',
        quantityMilli: 40_000,
        unit: 'each',
        receivedMilli: 40_000,
        wholesaleCents: 56_000,
        packagedOn: '2026-11-02',
        expiresOn: '2027-05-02',
        strain: 'Blue Dream',
        category: 'Buds',
        lab: { thcPercent: 24.6 },
      },
      {
        // The shortage: 10 shipped, 8 arrived.
        label: '1A4FF0100000022000000202',
        itemName: 'Kiva "Camino" Gummies, Watermelon 100mg',
        quantityMilli: 10_000,
        unit: 'each',
        receivedMilli: 8000,
        wholesaleCents: 125_050,
        packagedOn: '2026-11-20',
        expiresOn: '2027-11-20',
        category: 'Edible',
      },
      {
        label: '1A4FF0100000022000000203',
        itemName: 'Sour Diesel Bulk Flower',
        quantityMilli: 453_592,
        unit: 'grams',
        receivedMilli: 453_592,
        wholesaleCents: 110_000,
        packagedOn: '2026-11-03',
        strain: 'Sour Diesel',
        category: 'Buds',
        lab: { thcPercent: 22.1 },
      },
    ]);
  });

  it('matches Metrc’s column names and ours in any case and spacing', () => {
    const csv = `${HEAD}PACKAGE_LABEL,product name,ShippedQuantity,Shipped Unit Of Measure Name,shipper wholesale price,Item Strain Name\n1A4FF0100000022000000701,Blue Dream,3.5,Grams,12,Blue Dream\n`;
    expect(manifestOf(parseManifestCsv(csv)).packages).toEqual([
      {
        label: '1A4FF0100000022000000701',
        itemName: 'Blue Dream',
        quantityMilli: 3500,
        unit: 'grams',
        wholesaleCents: 1200,
        strain: 'Blue Dream',
      },
    ]);
  });

  it('takes the manifest number and shipper licence from columns, the same on every row (empty cells too)', () => {
    const csv =
      'Manifest Number,Shipper License,Shipper Facility Name,Label,Item,Qty,Unit\r' +
      '0004512873,C11-0000123-LIC,Green Cart Farms,1A4FF0100000022000000801,Blue Dream,2,Each\r' +
      ',,,1A4FF0100000022000000802,Sour Diesel,3,Each\r';
    const manifest = manifestOf(parseManifestCsv(csv));
    expect(manifest).toMatchObject({
      manifestNumber: '0004512873',
      shipperLicense: 'C11-0000123-LIC',
      shipperName: 'Green Cart Farms',
    });
    expect(manifest.packages.map((pkg) => pkg.label)).toEqual(['1A4FF0100000022000000801', '1A4FF0100000022000000802']);
  });

  it('reads a # row a spreadsheet split in two cells, and leaves other # rows as comments', () => {
    const csv =
      '# Exported from Metrc: 11/30/2026 10:14,,,\n# Manifest:,0004512873,,\n# Shipper licence:,C11-0000123-LIC,,\n' +
      'Label,Item,Qty,Unit\n1A4FF0100000022000000851,Blue Dream,2,Each\n# checked by Sam,,,\n';
    expect(manifestOf(parseManifestCsv(csv))).toEqual({
      manifestNumber: '0004512873',
      shipperLicense: 'C11-0000123-LIC',
      packages: [{ label: '1A4FF0100000022000000851', itemName: 'Blue Dream', quantityMilli: 2000, unit: 'each' }],
    });
  });

  it('refuses a manifest number that changes between rows or from the # row', () => {
    const csv = `${HEAD}Manifest,Label,Item,Qty,Unit\n0004512873,1A4FF0100000022000000901,Blue Dream,2,Each\n0009999999,1A4FF0100000022000000902,Blue Dream,2,Each\n`;
    expect(messagesOf(parseManifestCsv(csv))).toEqual([
      'row 5, column "Manifest": manifest number must be the same on every row (a file is one manifest): "0009999999" here, "0004512873" at row 1 ("# Manifest:")',
    ]);
  });

  it('says where to write a missing manifest number and shipper licence', () => {
    const csv = 'Label,Item,Qty,Unit\n1A4FF0100000022000000951,Blue Dream,2,Each\n';
    expect(messagesOf(parseManifestCsv(csv))).toEqual([
      'row 1 (the header): manifest number is missing: add a row "# Manifest: 0001977406" above the header, or a Manifest Number column',
      'row 1 (the header): shipper licence is missing: add a row "# Shipper licence: C11-0000123-LIC" above the header, or a Shipper Licence column',
    ]);
  });

  it('refuses a bad file with every problem, by row and column, in the file’s order', () => {
    expect(messagesOf(parseManifestCsv(fixture('bad-delivery.csv')))).toEqual([
      'row 2, column "Shipped Qty": quantity must be a number above 0, not "abc"',
      'row 2, column "Wholesale Price": wholesale price must be whole cents (at most two decimals), not "12.345"',
      'row 2, column "Packaged Date": packaged date must be a date such as 2026-11-30 or 11/30/2026, not "2026-13-01"',
      'row 3, column "Manifest Number": manifest number must be the same on every row (a file is one manifest): "0004512875" here, "0004512874" at row 2, column "Manifest Number"',
      'row 3, column "Package Label": label must be the package\'s state tag, 1 to 40 letters and digits (Metrc\'s have 24 and start 1A), not "1A4-FF01"',
      'row 4: the row has 9 fields; the header has 8 (a value with a comma needs quotes)',
    ]);
  });

  it('names the columns a header lacks', () => {
    expect(messagesOf(parseManifestCsv(`${HEAD}Label,Item Name,Price\n1A4,Blue Dream,12\n`))).toEqual([
      'row 3 (the header): the header has no quantity column: name one "Shipped Quantity" or "Quantity"',
      'row 3 (the header): the header has no unit column: name one "Shipped Unit Of Measure Name" or "Unit"',
    ]);
  });

  it('counts rows as a spreadsheet does: blank rows counted, a quoted line break inside one row', () => {
    const csv = `${HEAD}Label,Item,Qty,Unit\n\n1A4FF0100000022000000961,"Blue\nDream",2,Each\n1A4FF0100000022000000962,Sour Diesel,-1,Each\n`;
    expect(messagesOf(parseManifestCsv(csv))).toEqual([
      'row 6, column "Qty": quantity must be a number above 0, not "-1"',
    ]);
  });

  it('refuses a quote never closed, an empty file and a file with no packages', () => {
    expect(messagesOf(parseManifestCsv(`${HEAD}Label,Item,Qty,Unit\n1A4,"Blue Dream,2,Each\n`))).toEqual([
      'row 4: a quoted field opens here and is never closed: a quote is missing',
    ]);
    expect(messagesOf(parseManifestCsv('\uFEFF\r\n'))).toEqual([
      'the file: the file has no header row naming its columns (Package Label, Item Name…)',
    ]);
    expect(messagesOf(parseManifestCsv(`${HEAD}Label,Item,Qty,Unit\n`))).toEqual([
      'the file: the manifest has no packages: a delivery brings at least one',
    ]);
  });
});
