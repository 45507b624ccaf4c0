import { describe, expect, it } from 'vitest';
import { checkTags, distinctTags, tagsOf } from '../../../shared/catalog/product-tags.js';
import { checkedDraft, newDraft } from '../../../electron/server/products/product-draft.js';

// A product's tags (README "Products"): trimmed, each once in any case, at most 20 of at most 40
// characters, refused in words naming the tag; as the service keeps them and the back office checks them.
describe('checkTags', () => {
  it('trims each tag, makes runs of spaces one, leaves out blanks and repeats in any case (the first spelling kept)', () => {
    expect(checkTags([' Staff-Pick ', 'clearance', '', '  ', 'STAFF-PICK', 'new   in', 'Clearance'])).toEqual({
      tags: ['Staff-Pick', 'clearance', 'new in'],
    });
    expect(checkTags([])).toEqual({ tags: [] });
  });

  it('takes a tag of 40 characters, refuses one of 41 by its place', () => {
    expect(checkTags(['a'.repeat(40)]).tags).toEqual(['a'.repeat(40)]);
    expect(checkTags(['ok', `  ${'b'.repeat(41)}  `]).problem).toEqual({
      field: 'tags[1]',
      message: `must be at most 40 characters: "${'b'.repeat(41)}"`,
    });
  });

  it('refuses a comma inside a tag: commas part tags where they are typed', () => {
    expect(checkTags(['staff, pick']).problem).toEqual({
      field: 'tags[0]',
      message: 'must not hold a comma (commas part tags): "staff, pick"',
    });
  });

  it('takes 20 tags, refuses 21, counting a repeat once', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `tag ${index + 1}`);
    expect(checkTags([...twenty, 'TAG 1']).tags).toHaveLength(20);
    expect(checkTags([...twenty, 'one more']).problem).toEqual({
      field: 'tags',
      message: 'must be at most 20 tags, not 21',
    });
  });
});

describe('tags typed in one text, and the store’s tags', () => {
  it('parts a text at commas, trimmed, blanks left out', () => {
    expect(tagsOf(' staff-pick,  new   in ,, clearance,')).toEqual(['staff-pick', 'new in', 'clearance']);
    expect(tagsOf('   ')).toEqual([]);
  });

  it('lists every tag once in any case, sorted without case', () => {
    expect(distinctTags([['staff-pick', 'Clearance'], ['STAFF-PICK', 'limited'], []])).toEqual([
      'Clearance',
      'limited',
      'staff-pick',
    ]);
  });
});

describe('a product’s draft', () => {
  it('keeps its tags checked, and refuses too many naming the field', () => {
    const base = { sku: 'X-1', name: 'X', type: 'FLOWER', priceCents: 100, taxClass: 'cannabis' };
    expect(checkedDraft(newDraft({ ...base, tags: [' sale ', 'Sale'] })).tags).toEqual(['sale']);
    const many = Array.from({ length: 21 }, (_, index) => `t${index}`);
    expect(() => checkedDraft(newDraft({ ...base, tags: many }))).toThrow('tags must be at most 20 tags, not 21');
  });
});
