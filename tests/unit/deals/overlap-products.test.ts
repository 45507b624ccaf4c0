import { describe, expect, it } from 'vitest';
import { overlappingExclusive, type OverlapProduct } from '../../../shared/deals/overlap.js';
import { deal, scope } from './deal-fixtures.js';

// Exclusive deals scoped by different kinds of names overlap where the store's products make them:
// a brand and a category, a tag and a brand, a product and a category (README "Deals").
const product = (over: Partial<OverlapProduct> & Pick<OverlapProduct, 'name'>): OverlapProduct => ({
  productId: over.name.toLowerCase().replace(/ /g, '-'),
  brand: 'Other',
  category: 'FLOWER',
  tags: [],
  ...over,
});
const catalog = [
  product({ name: 'Blue Dream 3.5g', brand: 'Valley Farms', tags: ['staff-pick'] }),
  product({ name: 'Sierra Chews Gummies', brand: 'Sierra Chews', category: 'EDIBLE' }),
  product({ name: 'Dark Chocolate Bar', brand: 'Sweet Leaf', category: 'EDIBLE', tags: ['Staff-Pick'] }),
];
const exclusive = (id: string, name: string, on: Parameters<typeof scope>[0]) =>
  deal({ id, name, exclusive: true, percentPpm: 150_000, scope: scope(on) });

describe('overlappingExclusive with the store’s products', () => {
  const gummies = exclusive('a', 'Gummies 25 exclusive', { brands: ['sierra chews'] });
  const edibles = exclusive('b', 'Edibles 15 exclusive', { categories: ['EDIBLE'] });

  it('finds a brand and a category overlapping through a product in both, and names it', () => {
    expect(overlappingExclusive(edibles, [gummies], {}, catalog)).toBe(
      'It overlaps Gummies 25 exclusive (15 % off brand sierra chews), also exclusive at priority 0 ' +
        '(both take Sierra Chews Gummies): give one a higher priority',
    );
    // Without the products, scopes named differently are taken as apart (as before).
    expect(overlappingExclusive(edibles, [gummies])).toBeNull();
  });

  it.each([
    ['a tag and a brand', { tags: ['STAFF-PICK'] }, { brands: ['Valley Farms'] }, 'Blue Dream 3.5g'],
    [
      'a product and a category',
      { productIds: ['dark-chocolate-bar'] },
      { categories: ['edible'] },
      'Dark Chocolate Bar',
    ],
  ])('finds %s overlapping', (_, mine, theirs, shared) => {
    const words = overlappingExclusive(exclusive('m', 'Mine', mine), [exclusive('t', 'Theirs', theirs)], {}, catalog);
    expect(words).toContain(`(both take ${shared})`);
  });

  it('is null when no product is in both, and names a shared product where the names meet too', () => {
    const flower = exclusive('f', 'Flower', { categories: ['FLOWER'] });
    expect(overlappingExclusive(flower, [gummies], {}, catalog)).toBeNull();
    const more = exclusive('g', 'More edibles', { categories: ['edible'] });
    expect(overlappingExclusive(more, [edibles], {}, catalog)).toContain('(both take Sierra Chews Gummies)');
  });
});
