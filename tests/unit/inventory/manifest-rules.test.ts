import { describe, expect, it } from 'vitest';
import { MANIFEST_MAX_BYTES, parseManifestJson, type ManifestResult } from '../../../shared/inventory/manifest.js';

const LABEL = '1A4FF0100000022000000601';

/** A manifest of our shape with these packages (each given a label and item name unless it says). */
function manifest(packages: object[], top: object = {}): string {
  return JSON.stringify({
    manifestNumber: '0004512873',
    shipperLicense: 'C11-0000123-LIC',
    packages: packages.map((pkg, index) => ({
      label: `1A4FF01000000220000${String(index).padStart(5, '0')}`,
      itemName: 'Blue Dream',
      ...pkg,
    })),
    ...top,
  });
}

function packageOf(result: ManifestResult) {
  if ('problems' in result) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.manifest.packages[0]!;
}

function messages(result: ManifestResult): string[] {
  if (!('problems' in result)) throw new Error('was read, expected problems');
  return result.problems.map((problem) => problem.message);
}

describe('a manifest’s quantities and units', () => {
  it.each([
    // [quantity, the state's unit, our unit, thousandths of ours]
    [3, 'Each', 'each', 3000],
    [3, 'EA', 'each', 3000],
    [3.5, 'Grams', 'grams', 3500],
    ['0.125', 'grams', 'grams', 125],
    [1, 'Ounces', 'grams', 28_350], // 28.349523125 g
    [0.125, 'Ounces', 'grams', 3544], // an eighth by weight is 3.5437 g
    [1, 'Pounds', 'grams', 453_592], // 453.59237 g
    [0.5, 'lb', 'grams', 226_796],
    [1.5, 'Kilograms', 'grams', 1_500_000],
    [500, 'Milligrams', 'grams', 500],
    [30, 'Milliliters', 'milliliters', 30_000],
    [1, 'Fluid Ounces', 'milliliters', 29_574], // 29.5735295625 ml
    [1, 'Liters', 'milliliters', 1_000_000],
    ['1,250', 'Each', 'each', 1_250_000],
  ])('reads %s %s as %s, %i thousandths', (quantity, unit, ours, milli) => {
    expect(packageOf(parseManifestJson(manifest([{ quantity, unit }])))).toMatchObject({
      unit: ours,
      quantityMilli: milli,
    });
  });

  it.each([
    [-2, 'quantity must be a number above 0, not "-2"'],
    [0, 'quantity must be a number above 0, not "0"'],
    ['two', 'quantity must be a number above 0, not "two"'],
    [true, 'quantity must be a number above 0, not "true"'],
    [1.2345, 'quantity must have at most three decimals, not "1.2345"'],
    [2_000_000_000, 'quantity must be at most 1,000,000,000, not "2000000000"'],
    [
      '1,5',
      'quantity "1,5" could mean 1.5 or 15: a comma only separates thousands, three digits at a time (1,250); type 1.5 or 15',
    ],
  ])('refuses the quantity %j', (quantity, message) => {
    expect(messages(parseManifestJson(manifest([{ quantity, unit: 'Grams' }])))).toEqual([message]);
  });

  it('refuses part of a unit for an item counted each, and a unit the state does not use', () => {
    expect(
      messages(
        parseManifestJson(
          manifest([
            { quantity: 2.5, unit: 'Each' },
            { quantity: 1, unit: 'crates' },
          ]),
        ),
      ),
    ).toEqual([
      'quantity must be whole units: the item is counted (Each), not weighed, so not "2.5"',
      'unit must be one of the state\'s units (Each, Grams, Milligrams, Kilograms, Ounces, Pounds, Milliliters, Liters, Fluid Ounces, Pints, Quarts, Gallons), not "crates"',
    ]);
  });

  it('asks for the quantity and unit when they are left out', () => {
    expect(messages(parseManifestJson(manifest([{}])))).toEqual([
      'quantity is missing: say how much was shipped',
      'unit is missing: say what the quantity is counted in (Each, Grams, Ounces…)',
    ]);
  });

  it('takes what arrived as 0 or more, in the shipped unit', () => {
    expect(packageOf(parseManifestJson(manifest([{ quantity: 1, unit: 'Ounces', received: 0 }])))).toMatchObject({
      receivedMilli: 0,
    });
    expect(messages(parseManifestJson(manifest([{ quantity: 1, unit: 'Each', received: -1 }])))).toEqual([
      'received quantity must be a number 0 or more, not "-1"',
    ]);
  });
});

describe('a manifest’s prices, dates and lab figures', () => {
  it.each([
    [120.5, 12_050],
    ['120.50', 12_050],
    ['$1,250.00', 125_000],
    ['$ 0.99', 99],
    [0, 0],
  ])('reads the wholesale price %j as %i cents', (wholesalePrice, cents) => {
    expect(packageOf(parseManifestJson(manifest([{ quantity: 1, unit: 'Each', wholesalePrice }])))).toMatchObject({
      wholesaleCents: cents,
    });
  });

  it.each([
    [-5, 'wholesale price must not be negative, not "-5"'],
    ['-$5.00', 'wholesale price must not be negative, not "-$5.00"'],
    ['12.345', 'wholesale price must be whole cents (at most two decimals), not "12.345"'],
    ['twelve', 'wholesale price must be an amount in dollars such as 120.50, not "twelve"'],
    ['$', 'wholesale price must be an amount in dollars such as 120.50, not "$"'],
    [2_000_000, 'wholesale price must be at most $1,000,000.00, not "2000000"'],
    // A comma that does not separate thousands (a decimal comma?) is refused saying why, never guessed.
    [
      '$12,50',
      'wholesale price "$12,50" could mean 12.50 or 1250: a comma only separates thousands, three digits at a time (1,250); type 12.50 or 1250',
    ],
  ])('refuses the wholesale price %j', (wholesalePrice, message) => {
    expect(messages(parseManifestJson(manifest([{ quantity: 1, unit: 'Each', wholesalePrice }])))).toEqual([message]);
  });

  it.each([
    ['2026-11-30', '2026-11-30'],
    ['2026-11-30T00:00:00', '2026-11-30'],
    ['2026-11-30T08:15:00.000-08:00', '2026-11-30'],
    ['11/30/2026', '2026-11-30'],
    ['2/9/2026', '2026-02-09'],
    ['2024-02-29', '2024-02-29'],
  ])('reads the packaged date %s as %s', (packagedOn, day) => {
    expect(packageOf(parseManifestJson(manifest([{ quantity: 1, unit: 'Each', packagedOn }])))).toMatchObject({
      packagedOn: day,
    });
  });

  it.each(['2026-02-30', '2025-02-29', '30/11/2026', 'tomorrow', '2026-13-01'])('refuses the date %s', (expiresOn) => {
    expect(messages(parseManifestJson(manifest([{ quantity: 1, unit: 'Each', expiresOn }])))).toEqual([
      `expiration date must be a date such as 2026-11-30 or 11/30/2026, not "${expiresOn}"`,
    ]);
  });

  it('refuses an expiration before the packaged date', () => {
    const pkg = { quantity: 1, unit: 'Each', packagedOn: '2026-11-02', expiresOn: '2026-10-01' };
    expect(messages(parseManifestJson(manifest([pkg])))).toEqual([
      'expiration date is before the packaged date (2026-11-02): "2026-10-01"',
    ]);
  });
});

describe('a manifest’s labels and packages', () => {
  it('takes any 1 to 40 letters and digits as a label, in upper case', () => {
    expect(
      packageOf(parseManifestJson(manifest([{ label: ' 1a4ff0100000022000000601 ', quantity: 1, unit: 'Each' }])))
        .label,
    ).toBe(LABEL);
    expect(packageOf(parseManifestJson(manifest([{ label: 'TAG42', quantity: 1, unit: 'Each' }]))).label).toBe('TAG42');
  });

  it.each(['1A4FF01-0000022', '1A4FF01 0000022', 'A'.repeat(41)])(
    'refuses the label %s, saying what a tag is',
    (label) => {
      expect(messages(parseManifestJson(manifest([{ label, quantity: 1, unit: 'Each' }])))).toEqual([
        `label must be the package's state tag, 1 to 40 letters and digits (Metrc's have 24 and start 1A), not "${label.length > 40 ? `${label.slice(0, 40)}…` : label}"`,
      ]);
    },
  );

  it('says a label is missing when it is empty', () => {
    expect(messages(parseManifestJson(manifest([{ label: '  ', quantity: 1, unit: 'Each' }])))).toEqual([
      "label is missing: each package needs its state tag (Metrc's 24-character label that starts 1A)",
    ]);
  });

  it('refuses a label given twice, in any case, naming where it was first', () => {
    const packages = [
      { label: LABEL, quantity: 1, unit: 'Each' },
      { label: LABEL.toLowerCase(), quantity: 2, unit: 'Each' },
    ];
    expect(messages(parseManifestJson(manifest(packages)))).toEqual([
      `label ${LABEL} is on the manifest twice: packages[0].label has it too`,
    ]);
  });

  it('refuses a manifest with no packages, and one with more than 2,000', () => {
    expect(messages(parseManifestJson(manifest([])))).toEqual([
      'the manifest has no packages: a delivery brings at least one',
    ]);
    const many = Array.from({ length: 2001 }, () => ({ quantity: 1, unit: 'Each' }));
    expect(messages(parseManifestJson(manifest(many)))).toEqual([
      'the manifest has 2,001 packages: at most 2,000 are received at once, so split it',
    ]);
    const most = Array.from({ length: 2000 }, () => ({ quantity: 1, unit: 'Each' }));
    expect(packageOf(parseManifestJson(manifest(most)))).toBeDefined();
  });

  it('lists the first 50 problems and says how many more there are', () => {
    const bad = Array.from({ length: 60 }, () => ({ quantity: -1, unit: 'Each' }));
    const listed = messages(parseManifestJson(manifest(bad)));
    expect(listed).toHaveLength(51);
    expect(listed[49]).toBe('quantity must be a number above 0, not "-1"');
    expect(listed[50]).toBe('and 10 more problems not listed here');
  });

  it('refuses a missing manifest number or shipper licence, and one that is not a number of the state', () => {
    expect(
      messages(parseManifestJson(manifest([{ quantity: 1, unit: 'Each' }], { manifestNumber: 'No. 12!' }))),
    ).toEqual(['manifest number must be 1 to 40 letters, digits or dashes, not "No. 12!"']);
    expect(messages(parseManifestJson(manifest([{ quantity: 1, unit: 'Each' }], { shipperLicense: null })))).toEqual([
      'shipper licence is missing: add "shipperLicense": the shipper\'s state licence number',
    ]);
  });

  it('refuses a file over 5 MB before reading it', () => {
    const padded = manifest([{ quantity: 1, unit: 'Each', strain: 'x'.repeat(MANIFEST_MAX_BYTES) }]);
    expect(messages(parseManifestJson(padded))).toEqual([
      `the file is more than 5 MB (${padded.length.toLocaleString('en-US')} bytes): a manifest file may be at most 5 MB`,
    ]);
    // Five megabytes of UTF-8, not of characters: é is two bytes.
    const accented = manifest([{ quantity: 1, unit: 'Each', strain: 'é'.repeat(MANIFEST_MAX_BYTES / 2) }]);
    const bytes = accented.length + MANIFEST_MAX_BYTES / 2;
    expect(messages(parseManifestJson(accented))[0]).toBe(
      `the file is more than 5 MB (${bytes.toLocaleString('en-US')} bytes): a manifest file may be at most 5 MB`,
    );
    expect('manifest' in parseManifestJson(manifest([{ quantity: 1, unit: 'Each', strain: 'é'.repeat(100) }]))).toBe(
      true,
    );
  });
});
