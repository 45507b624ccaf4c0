import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { COMPLIANCE_CATEGORIES } from '../../../shared/compliance/profiles/schema.js';
import { CATEGORY_LABELS, categoryLabel } from '../../../shared/labels.js';

/** Every category the contracts name has its words in the one map: none reads as its code, none by a guess. */
describe('the category labels', () => {
  const labelled = (code: string) => Object.prototype.hasOwnProperty.call(CATEGORY_LABELS, code);

  it.each([...PRODUCT_TYPES])('names the product type %s in the map', (type) => {
    expect(labelled(type)).toBe(true);
    expect(categoryLabel(type)).not.toMatch(/[A-Z]{2}|_/);
  });

  it.each([...COMPLIANCE_CATEGORIES])('names the compliance category %s in the map', (category) => {
    expect(labelled(category)).toBe(true);
  });

  it('says immature plants in words, and reads those words back as the type', () => {
    expect(categoryLabel('IMMATURE_PLANT')).toBe('Immature plants');
    // A label is taken back as its type wherever people write categories (the CLI, refusals that list them).
    for (const type of PRODUCT_TYPES) expect(productTypeFrom(categoryLabel(type))).toBe(type);
  });
});
