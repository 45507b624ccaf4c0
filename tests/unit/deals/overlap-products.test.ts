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
      'Edibles 15 exclusive and Gummies 25 exclusive are both exclusive and both take Sierra Chews Gummies: ' +
        'the one that saves the customer more applies; priority decides only a tie',
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
    expect(words).toContain(`both take ${shared}:`);
  });

  it('is null when no product is in both, and names a shared product where the names meet too', () => {
    const flower = exclusive('f', 'Flower', { categories: ['FLOWER'] });
    expect(overlappingExclusive(flower, [gummies], {}, catalog)).toBeNull();
    const more = exclusive('g', 'More edibles', { categories: ['edible'] });
    expect(overlappingExclusive(more, [edibles], {}, catalog)).toContain('both take Sierra Chews Gummies:');
  });

  describe('which of them applies (issue 31: the customer gets the one that saves more)', () => {
    const bar = product({ name: 'Dark Chocolate Sea Salt Bar', brand: 'Sweet Leaf Kitchen', category: 'EDIBLE' });
    const priced = [{ ...bar, priceCents: 1800 }];
    const edibles15 = deal({
      id: 'e',
      name: 'Edibles 15 excl',
      exclusive: true,
      percentPpm: 150_000,
      scope: scope({ categories: ['EDIBLE'] }),
    });
    const sweetLeaf25 = deal({
      id: 's',
      name: 'Sweet Leaf 25 excl',
      exclusive: true,
      percentPpm: 250_000,
      scope: scope({ brands: ['Sweet Leaf Kitchen'] }),
    });

    it('names the one that saves more on the product, whatever the priorities, and keeps warning', () => {
      const words =
        'Edibles 15 excl and Sweet Leaf 25 excl are both exclusive and both take Dark Chocolate Sea Salt Bar: ' +
        'the one that saves the customer more applies (Sweet Leaf 25 excl, at its price today); priority decides only a tie';
      expect(overlappingExclusive(edibles15, [sweetLeaf25], {}, priced)).toBe(words);
      // Priority 10 does not make the 15 % apply, so the words stay, as true as before.
      expect(overlappingExclusive({ ...edibles15, priority: 10 }, [sweetLeaf25], {}, priced)).toBe(words);
    });

    it('names the dearer saving by the product’s price, and a tie by priority', () => {
      const fiveOff = { ...sweetLeaf25, kind: 'amount' as const, amountCents: 500, percentPpm: null };
      expect(overlappingExclusive(edibles15, [fiveOff], {}, [{ ...bar, priceCents: 4000 }])).toContain(
        '(Edibles 15 excl, at its price today)',
      );
      expect(overlappingExclusive(edibles15, [fiveOff], {}, [{ ...bar, priceCents: 2000 }])).toContain(
        '(Sweet Leaf 25 excl, at its price today)',
      );
      const same = { ...sweetLeaf25, percentPpm: 150_000 };
      expect(overlappingExclusive({ ...edibles15, priority: 3 }, [same], {}, priced)).toContain(
        '(they save the same at its price today: Edibles 15 excl applies, as its priority is higher)',
      );
    });

    it('names none where one unit cannot say (no price, a bundle)', () => {
      const bundle = { ...sweetLeaf25, kind: 'bundle' as const, bundleQuantity: 2, bundlePriceCents: 2000 };
      for (const [other, products] of [
        [sweetLeaf25, [bar]],
        [bundle, priced],
      ] as const) {
        expect(overlappingExclusive(edibles15, [other], {}, products)).toMatch(
          /Dark Chocolate Sea Salt Bar: the one that saves the customer more applies; priority decides only a tie$/,
        );
      }
    });
  });
});
