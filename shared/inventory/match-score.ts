/** How alike a manifest's item and one catalog product are, from the two alone (manifest-match.ts). */

/** A size on both that differs ("3500mg" against "7000mg") keeps this share of the score. */
const OTHER_SIZE = 0.6;

/**
 * How alike an item and a product are, from the two alone (never from the rest of the catalog: a
 * product added or removed changes no other product's score). `said` is what the item says of the
 * product: its name's words, its brand's words the item names, and its size where both give one.
 * The share of the product's words the item says counts fully; the share of the item's words the
 * product explains counts half (a manifest adds words of its own: "Flower", "Bulk"). So a product
 * whose every word the item says scores at least 0.5 ("Blue Dream" for "Blue Dream Flower 3.5g":
 * 0.83), and a word of the item the product lacks tells too ("Watermelon Gummies 10 x 10mg" for
 * "Watermelon Sleep Gummies": 0.56, not clear enough to take without asking).
 */
export function matchScore(m: {
  said: number;
  productWords: number;
  itemWords: number;
  /** Both give a size: the sizes count as one word of each. */
  bothSized: boolean;
  /** Both give a size and none of them is the same. */
  otherSize: boolean;
}): number {
  const size = m.bothSized ? 1 : 0;
  const productShare = m.said / Math.max(1, m.productWords + size);
  const itemShare = m.said / Math.max(1, m.itemWords + size);
  const score = (productShare * (1 + itemShare)) / 2;
  return m.otherSize ? score * OTHER_SIZE : score;
}
