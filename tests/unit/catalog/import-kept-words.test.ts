import { describe, expect, it } from 'vitest';
import { keptWords } from '../../../shared/catalog/import-kept-words.js';

describe('what an import’s updated products kept, in words', () => {
  it('names the columns the file left out, in the singular for one product', () => {
    expect(keptWords({ updated: 1, kept: ['barcodes'] })).toBe(
      'The updated product kept its barcodes, which the file leaves out.',
    );
    expect(keptWords({ updated: 3, kept: ['subtype', 'barcodes', 'tags'] })).toBe(
      'The 3 updated products kept their subtype, barcodes and tags, which the file leaves out.',
    );
  });

  it('says nothing when nothing was updated or no column was left out', () => {
    expect(keptWords({ updated: 0, kept: ['barcodes'] })).toBe('');
    expect(keptWords({ updated: 2, kept: [] })).toBe('');
  });
});
