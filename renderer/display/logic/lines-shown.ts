/**
 * How many of a long basket's first lines the pole display leaves out so that the rest fit its
 * screen, no scrollbar (a customer cannot scroll it): the newest lines, the ones being rung up, stay;
 * the earlier ones are counted in a note above them ("3 earlier items, in the total"), whose height `noteHeight`
 * counts once any line is left out. At least the last line is always shown.
 */
export function linesLeftOut(heights: readonly number[], room: number, noteHeight: number): number {
  const all = heights.reduce((sum, height) => sum + height, 0);
  if (all <= room) return 0;
  let used = noteHeight;
  let shown = 0;
  for (let at = heights.length - 1; at >= 0; at -= 1) {
    if (shown > 0 && used + heights[at]! > room) break;
    used += heights[at]!;
    shown += 1;
  }
  return heights.length - shown;
}

/** The note above the newest lines for the `count` earlier ones left out: "3 earlier items, in the total". */
export const earlierWords = (count: number): string =>
  `${count} earlier ${count === 1 ? 'item' : 'items'}, in the total`;
