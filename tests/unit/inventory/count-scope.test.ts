import { describe, expect, it } from 'vitest';
import { countScope, inScope, scopeInWords, scopesOverlap } from '../../../shared/inventory/count-scope.js';

describe('a count’s scope', () => {
  it('reads categories as people write them, each once, in the catalog’s order; none is every package', () => {
    expect(countScope(['Pre-Rolls', 'flower', 'FLOWER'])).toEqual({ categories: ['FLOWER', 'PREROLL'] });
    expect(countScope(undefined)).toEqual({});
    expect(countScope([])).toEqual({});
    expect(() => countScope(['socks'])).toThrow(/categories has "socks", which is not a category \(FLOWER, PREROLL/);
  });

  it('says whether a package’s category is in it, and whether two counts could share a package', () => {
    expect(inScope({}, 'EDIBLE')).toBe(true);
    expect(inScope({ categories: ['FLOWER'] }, 'EDIBLE')).toBe(false);
    expect(scopesOverlap({}, { categories: ['EDIBLE'] })).toBe(true);
    expect(scopesOverlap({ categories: ['FLOWER', 'EDIBLE'] }, { categories: ['EDIBLE'] })).toBe(true);
    expect(scopesOverlap({ categories: ['FLOWER'] }, { categories: ['EDIBLE'] })).toBe(false);
  });

  it('is said in words', () => {
    expect(scopeInWords({})).toBe('every category');
    expect(scopeInWords({ categories: ['FLOWER'] })).toBe('FLOWER');
    expect(scopeInWords({ categories: ['FLOWER', 'PREROLL', 'VAPE'] })).toBe('FLOWER, PREROLL and VAPE');
  });
});
