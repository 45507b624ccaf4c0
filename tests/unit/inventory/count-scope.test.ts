import { describe, expect, it } from 'vitest';
import {
  countNameOf,
  countScope,
  inScope,
  scopeInWords,
  scopesOverlap,
} from '../../../shared/inventory/count-scope.js';

const VAULT = { id: 'room-vault', name: 'Vault' };
const FLOOR = { id: 'sales-floor', name: 'Sales floor' };

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
    expect(scopeInWords({ categories: ['FLOWER'] })).toBe('Flower');
    expect(scopeInWords({ categories: ['FLOWER', 'PREROLL', 'VAPE'] })).toBe('Flower, Pre-rolls and Vapes');
  });

  it('takes rooms (the sales floor as sales-floor), each once, with their names for its words', () => {
    expect(countScope(undefined, [VAULT, FLOOR, VAULT])).toEqual({
      rooms: ['room-vault', 'sales-floor'],
      roomNames: ['Vault', 'Sales floor'],
    });
    expect(countScope(['flower'], [VAULT])).toEqual({
      categories: ['FLOWER'],
      rooms: ['room-vault'],
      roomNames: ['Vault'],
    });
  });

  it('says whether a package in a room is in it: the floor is a package in no room', () => {
    const vault = countScope(undefined, [VAULT]);
    expect(inScope(vault, 'EDIBLE', 'room-vault')).toBe(true);
    expect(inScope(vault, 'EDIBLE', null)).toBe(false);
    expect(inScope(countScope(undefined, [FLOOR]), 'EDIBLE', null)).toBe(true);
    expect(inScope(countScope(['FLOWER'], [VAULT]), 'EDIBLE', 'room-vault')).toBe(false);
    expect(inScope({}, 'EDIBLE', 'room-vault')).toBe(true);
  });

  it('lets counts of other rooms, or of other categories in one room, be open at once', () => {
    const vault = countScope(undefined, [VAULT]);
    const floor = countScope(undefined, [FLOOR]);
    expect(scopesOverlap(vault, floor)).toBe(false);
    expect(scopesOverlap(vault, {})).toBe(true);
    expect(scopesOverlap(vault, { categories: ['FLOWER'] })).toBe(true);
    expect(scopesOverlap(countScope(['FLOWER'], [VAULT]), countScope(['EDIBLE'], [VAULT]))).toBe(false);
    expect(scopesOverlap(countScope(undefined, [VAULT, FLOOR]), floor)).toBe(true);
  });

  it('says rooms in words, and names a count by its scope when it has no name', () => {
    expect(scopeInWords(countScope(undefined, [VAULT]))).toBe('the Vault');
    expect(scopeInWords(countScope(['FLOWER', 'VAPE'], [FLOOR, VAULT]))).toBe(
      'Flower and Vapes in the sales floor and the Vault',
    );
    expect(countNameOf(countScope(undefined, [VAULT]))).toBe('Count of the Vault');
    expect(countNameOf(countScope(['FLOWER']))).toBe('Count of Flower');
    expect(countNameOf({})).toBe('Count of the store');
  });
});
