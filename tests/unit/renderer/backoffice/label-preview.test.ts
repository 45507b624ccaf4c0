import { describe, expect, it } from 'vitest';
import { packageLabelWords } from '../../../../renderer/backoffice/logic/label-preview.js';
import { product } from './product-fixture.js';

// The print dialog's words for a package label: what the label will state, its THC and CBD as printed.
describe('a package label’s words before it is printed', () => {
  it('states the package’s own lab results where it has them, the product’s otherwise', () => {
    const tag = '1A4060300002199000000001';
    expect(packageLabelWords(product(), { thcPercent: 24.6, state: 'TestPassed' })).toBe(
      `State tag ${tag} as a barcode, 40 units in stock, THC 24.6% (861 mg), the store and today's date.`,
    );
    expect(packageLabelWords(product(), { summary: 'THC 22.5%, CBD 0.4%, passed' })).toBe(
      `State tag ${tag} as a barcode, 40 units in stock, THC 22.5% (788 mg), CBD 0.4% (14 mg), the store and today's date.`,
    );
    expect(packageLabelWords(product(), null)).toBe(
      `State tag ${tag} as a barcode, 40 units in stock, THC 21% (735 mg), the store and today's date.`,
    );
    // Neither knows: nothing said of potency.
    expect(packageLabelWords(product({ thcMg: null, quantityOnHand: 1 }), { state: 'TestPassed' })).toBe(
      `State tag ${tag} as a barcode, 1 unit in stock, the store and today's date.`,
    );
  });
});
