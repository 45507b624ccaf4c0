import { listed } from '../list-words.js';

/**
 * What a catalog import's updated products kept, in words, for the command line and the back office:
 * "The 3 updated products kept their barcodes, subtype and tags, which the file leaves out." `kept`:
 * the optional columns the file left out (the import's `kept`); '' when it updated nothing or left
 * out none.
 */
export function keptWords({ updated, kept }: { updated: number; kept: readonly string[] }): string {
  if (updated === 0 || kept.length === 0) return '';
  const who = updated === 1 ? 'The updated product kept its' : `The ${updated} updated products kept their`;
  return `${who} ${listed(kept)}, which the file leaves out.`;
}
