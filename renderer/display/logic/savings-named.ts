import type { DisplaySaving } from '../../../shared/contracts/display';

/**
 * How many of a line's discounts the pole display names on the one row they share (from four lines
 * on): all of them when they fit the row's `room`, else as many of the first as fit beside the rest
 * summed ("and 2 more −$3.44", `moreWidth` wide), so that no discount takes a row of its own and no
 * name is cut; at least the first, whose name alone gives way (…) on a row too short even for it
 * (and for the rest said shorter: `savingsShort`).
 * `widths` are each discount's, its name and amount; `gap` is between two of them.
 */
export function savingsNamed(widths: readonly number[], gap: number, room: number, moreWidth: number): number {
  const all = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(widths.length - 1, 0);
  if (all <= room) return widths.length;
  let used = moreWidth;
  let named = 0;
  for (const width of widths.slice(0, -1)) {
    if (used + gap + width > room) break;
    used += gap + width;
    named += 1;
  }
  return Math.max(named, 1);
}

/**
 * Whether a row naming only its first discount says the rest shorter ("+2 more", `shortWidth` wide,
 * instead of "and 2 more", `moreWidth`): where the first, whole, fits only beside the shorter, so its
 * name is read whole rather than cut (five lines of three deals each at 1024 × 768).
 */
export function savingsShort(
  widths: readonly number[],
  gap: number,
  room: number,
  moreWidth: number,
  shortWidth: number,
): boolean {
  if (savingsNamed(widths, gap, room, moreWidth) !== 1 || widths.length < 2) return false;
  const first = widths[0]! + gap;
  return first + moreWidth > room && first + shortWidth <= room;
}

/**
 * The discounts after the `named` first, summed on their row: "and 2 more" (`short`: "+2 more") and
 * what they saved; null: none left.
 */
export function moreSavings(
  savings: readonly DisplaySaving[],
  named: number,
  short = false,
): { words: string; amount: number } | null {
  const rest = savings.slice(named);
  if (rest.length === 0) return null;
  const words = short ? `+${rest.length} more` : `and ${rest.length} more`;
  return { words, amount: rest.reduce((sum, saving) => sum + saving.amount, 0) };
}
