import { describe, expect, it } from 'vitest';
import {
  blankManifest,
  blankPackage,
  manifestObject,
  problemsByField,
} from '../../../../renderer/backoffice/logic/typed-manifest.js';

describe('a manifest typed in', () => {
  it('is sent as the manifest object the service reads, blanks left out', () => {
    const typed = blankManifest();
    typed.manifestNumber = ' 0004512873 ';
    typed.shipperLicense = 'C11-0000123-LIC';
    typed.packages[0] = {
      ...typed.packages[0]!,
      label: '1A4FF0100000022000000201',
      itemName: 'Blue Dream Flower 3.5g',
      quantity: '40',
      wholesalePrice: '$560.00',
    };
    typed.packages.push({
      ...blankPackage(),
      itemName: 'Shake',
      quantity: '1',
      unit: 'Pounds',
      expiresOn: '2027-01-31',
    });
    expect(manifestObject(typed)).toEqual({
      manifestNumber: '0004512873',
      shipperLicense: 'C11-0000123-LIC',
      packages: [
        {
          label: '1A4FF0100000022000000201',
          itemName: 'Blue Dream Flower 3.5g',
          quantity: '40',
          unit: 'Each',
          wholesalePrice: '560.00',
        },
        { label: '', itemName: 'Shake', quantity: '1', unit: 'Pounds', expiresOn: '2027-01-31' },
      ],
    });
  });

  it('puts each of the service’s problems beside its field, the others over the form', () => {
    const said = problemsByField([
      {
        where: 'packages[1].quantity',
        message: 'quantity must be a number above 0, not "x"',
        field: 'quantity',
        package: 1,
      },
      {
        where: 'manifestNumber',
        message: 'manifest number is missing: add "manifestNumber": the number on the shipper\'s manifest',
        field: 'manifestNumber',
      },
      { where: 'packages', message: 'add at least one package', field: 'packages' },
    ]);
    expect([...said]).toEqual([
      ['packages[1].quantity', 'Quantity must be a number above 0, not "x".'],
      ['manifestNumber', "Manifest number is missing: add the number on the shipper's manifest."],
      ['', 'Add at least one package.'],
    ]);
  });
});
