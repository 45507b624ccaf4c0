import { TAG_LENGTH_MAX, TAGS_MAX } from '../contracts/products.js';
import type { FieldProblem } from './price-breaks.js';

/**
 * A product's tags (README "Products", "Deals"): the store's own words for groups of products
 * ("staff-pick", "clearance") that a deal may be for. Kept as typed, matched in any case
 * (shared/deals/scope-index.ts), never written twice on one product.
 */

/** What separates tags where they are typed in one text (the back office's field, the CLI's `--tag`). */
export const TAG_SEPARATOR = ',';

/** A tag as kept: its spaces trimmed, runs of them made one. */
const tidy = (tag: string) => tag.trim().replace(/\s+/g, ' ');

/**
 * A product's tags by the rules: each trimmed (a blank one left out), at most 40 characters and no
 * comma, each once in any case (the first spelling kept), at most 20. Answers them in the order
 * given, or the first rule broken (`tags[2]`, or `tags` for too many).
 */
export function checkTags(
  tags: readonly string[],
): { tags: string[]; problem?: undefined } | { tags?: undefined; problem: FieldProblem } {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const [index, typed] of tags.entries()) {
    const tag = tidy(typed);
    if (tag === '') continue;
    if (tag.length > TAG_LENGTH_MAX) {
      return {
        problem: { field: `tags[${index}]`, message: `must be at most ${TAG_LENGTH_MAX} characters: "${tag}"` },
      };
    }
    if (tag.includes(TAG_SEPARATOR)) {
      return { problem: { field: `tags[${index}]`, message: `must not hold a comma (commas part tags): "${tag}"` } };
    }
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    kept.push(tag);
  }
  if (kept.length > TAGS_MAX) {
    return { problem: { field: 'tags', message: `must be at most ${TAGS_MAX} tags, not ${kept.length}` } };
  }
  return { tags: kept };
}

/** Tags typed in one text, apart by commas ("staff-pick, clearance"); blanks left out. */
export const tagsOf = (text: string): string[] =>
  text
    .split(TAG_SEPARATOR)
    .map(tidy)
    .filter((tag) => tag !== '');

/**
 * Every tag of `lists` once, in any case (the first spelling seen), sorted without case: the
 * store's tags a form offers.
 */
export function distinctTags(lists: Iterable<readonly string[]>): string[] {
  const byKey = new Map<string, string>();
  for (const list of lists)
    for (const tag of list) if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
}
