import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifestJson, readManifestObject, type ManifestResult } from '../../../shared/inventory/manifest.js';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/manifests/${name}`, import.meta.url), 'utf8');

function manifestOf(result: ManifestResult) {
  if ('problems' in result) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.manifest;
}

function messagesOf(result: ManifestResult) {
  if (!('problems' in result)) throw new Error('was read, expected problems');
  return result.problems.map((problem) => `${problem.where}: ${problem.message}`);
}

describe('a manifest from Metrc’s JSON', () => {
  it('reads a transfer with its packages: counts, weights converted to grams, prices in cents, lab figures', () => {
    const manifest = manifestOf(parseManifestJson(fixture('metrc-transfer.json')));
    expect(manifest).toMatchObject({
      manifestNumber: '0001977406',
      shipperLicense: 'C11-0000123-LIC',
      shipperName: 'Emerald Valley Distribution, LLC',
    });
    expect(manifest.packages).toEqual([
      {
        label: '1A4FF0100000022000000123',
        itemName: 'Blue Dream Flower 3.5g',
        quantityMilli: 40_000,
        unit: 'each',
        wholesaleCents: 56_000,
        packagedOn: '2026-11-02',
        expiresOn: '2027-05-02',
        strain: 'Blue Dream',
        category: 'Buds',
        lab: { state: 'TestPassed', thcPercent: 24.6, cbdPercent: 0.1 },
      },
      {
        // Metrc's v2 names (ItemName, ItemCategoryName); a date with a time keeps its day.
        label: '1A4FF0100000022000000124',
        itemName: 'Sour Diesel Bulk Flower',
        quantityMilli: 453_592, // 1 lb = 453.59237 g, to the milligram
        unit: 'grams',
        shippedAs: '1 Pounds',
        wholesaleCents: 125_050,
        packagedOn: '2026-11-03',
        strain: 'Sour Diesel',
        category: 'Buds',
        lab: { state: 'TestPassed', thcPercent: 22.1 },
      },
      {
        label: '1A4FF0100000022000000125',
        itemName: 'Kiva Camino Watermelon Gummies 100mg',
        quantityMilli: 100_000,
        unit: 'each',
        wholesaleCents: 90_000,
        packagedOn: '2026-10-20',
        expiresOn: '2027-10-20',
        category: 'Edible (weight - each)',
        lab: { state: 'TestPassed' },
      },
      {
        // 2.5 oz × 28.349523125 g = 70.8738… g; no wholesale price given (null).
        label: '1A4FF0100000022000000126',
        itemName: 'Shake 1/4 oz',
        quantityMilli: 70_874,
        unit: 'grams',
        shippedAs: '2.5 Ounces',
        packagedOn: '2026-11-01',
        strain: 'House Blend',
        category: 'Shake/Trim',
        lab: { state: 'TestPassed' },
      },
    ]);
  });

  it('reads a file that starts with a byte order mark', () => {
    expect(manifestOf(parseManifestJson(`\uFEFF${fixture('metrc-transfer.json')}`)).packages).toHaveLength(4);
  });

  it('ignores Metrc’s ReceivedQuantity, which is 0 until the delivery is accepted', () => {
    const manifest = manifestOf(parseManifestJson(fixture('metrc-transfer.json')));
    expect(manifest.packages.every((pkg) => pkg.receivedMilli === undefined)).toBe(true);
  });

  it('reads a list holding one transfer as that transfer, and refuses a list of several', () => {
    const one = JSON.parse(fixture('metrc-transfer.json')) as unknown;
    expect(manifestOf(parseManifestJson(JSON.stringify([one]))).manifestNumber).toBe('0001977406');
    expect(messagesOf(parseManifestJson(JSON.stringify([one, one])))).toEqual([
      'the file: the file holds 2 transfers: read one manifest at a time',
    ]);
  });

  it('refuses a bad Metrc file with every problem, each naming its key and saying why', () => {
    expect(messagesOf(parseManifestJson(fixture('bad-metrc-transfer.json')))).toEqual([
      'ShipperFacilityLicenseNumber: shipper licence is missing: add "ShipperFacilityLicenseNumber": the shipper\'s state licence number',
      'Packages[0].ShippedQuantity: quantity must be a number above 0, not "-2"',
      'Packages[0].ShipperWholesalePrice: wholesale price must not be negative, not "-5"',
      'Packages[1].ShippedQuantity: quantity must be whole units: the item is counted (Each), not weighed, so not "1.5"',
      'Packages[1].PackagedDate: packaged date must be a date such as 2026-11-30 or 11/30/2026, not "2026-02-30"',
      'Packages[1].PackageLabel: label 1A4FF0100000022000000301 is on the manifest twice: Packages[0].PackageLabel has it too',
      "Packages[2].PackageLabel: label is missing: each package needs its state tag (Metrc's 24-character label that starts 1A)",
      'Packages[2].ShippedQuantity: quantity must have at most three decimals, not "1.2345"',
      'Packages[2].ShippedUnitOfMeasureName: unit must be one of the state\'s units (Each, Grams, Milligrams, Kilograms, Ounces, Pounds, Milliliters, Liters, Fluid Ounces, Pints, Quarts, Gallons), not "Bushels"',
    ]);
  });

  it('gives a form what it needs to put each problem beside its field', () => {
    const result = parseManifestJson(fixture('bad-metrc-transfer.json'));
    expect('problems' in result && result.problems[1]).toEqual({
      where: 'Packages[0].ShippedQuantity',
      message: 'quantity must be a number above 0, not "-2"',
      field: 'quantity',
      package: 0,
    });
  });
});

describe('a manifest from our JSON', () => {
  const ours = {
    manifestNumber: '0004512873',
    shipperLicense: 'C11-0000123-LIC',
    packages: [
      {
        label: '1a4ff0100000022000000501',
        itemName: 'Blue Dream 3.5g',
        quantity: 12,
        unit: 'each',
        wholesalePrice: 84.5,
      },
      {
        label: '1A4FF0100000022000000502',
        itemName: 'Sour Diesel Bulk',
        quantityMilli: 453_592,
        unit: 'grams',
        received: 450.1,
        lab: { thcPercent: 21, cbdPercent: '0.4%' },
      },
    ],
  };

  it('reads camelCase fields: dollars as wholesalePrice, quantity in units or thousandths, what arrived', () => {
    expect(manifestOf(parseManifestJson(JSON.stringify(ours)))).toEqual({
      manifestNumber: '0004512873',
      shipperLicense: 'C11-0000123-LIC',
      packages: [
        {
          label: '1A4FF0100000022000000501',
          itemName: 'Blue Dream 3.5g',
          quantityMilli: 12_000,
          unit: 'each',
          wholesaleCents: 8450,
        },
        {
          label: '1A4FF0100000022000000502',
          itemName: 'Sour Diesel Bulk',
          quantityMilli: 453_592,
          unit: 'grams',
          receivedMilli: 450_100,
          lab: { thcPercent: 21, cbdPercent: 0.4 },
        },
      ],
    });
  });

  it('reads what a form typed in (an object already parsed) by the same rules', () => {
    expect(readManifestObject(ours)).toEqual(parseManifestJson(JSON.stringify(ours)));
    expect(messagesOf(readManifestObject({ ...ours, packages: [{ ...ours.packages[0], quantity: '-2' }] }))).toEqual([
      'packages[0].quantity: quantity must be a number above 0, not "-2"',
    ]);
  });

  it('names our keys where they are wrong or missing', () => {
    const bad = {
      manifestNumber: '',
      shipperLicense: 'C11-0000123-LIC',
      packages: [{ label: '1A4FF0100000022000000501', quantity: 2, unit: 'each', lab: { thcPercent: 140 } }, 'x'],
    };
    expect(messagesOf(parseManifestJson(JSON.stringify(bad)))).toEqual([
      'manifestNumber: manifest number is missing: add "manifestNumber": the number on the shipper\'s manifest',
      'packages[0].itemName: item name is missing: say what the package holds',
      'packages[0].lab.thcPercent: THC must be a percentage from 0 to 100, not "140"',
      'packages[1]: a package must be an object with its label, item name, quantity and unit, not "x"',
    ]);
  });

  it('refuses what is not a transfer, in words', () => {
    expect(messagesOf(parseManifestJson('{"manifestNumber": '))[0]).toMatch(
      /^the file: the file is not JSON a manifest can be read from \(/,
    );
    expect(messagesOf(parseManifestJson('42'))).toEqual([
      'the file: the file must hold one transfer: an object with its manifest number, shipper licence and packages',
    ]);
    expect(messagesOf(parseManifestJson('{"manifestNumber":"1","shipperLicense":"L","packages":{}}'))).toEqual([
      'packages: packages must be a list of packages',
    ]);
  });
});
