import type { Locator } from '@playwright/test';

/** Where a tap on an element lands: its centre and its four corners, 3 px in. */
const SPOTS = [
  [0.5, 0.5],
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
] as const;

/**
 * The spots of `target` (its centre and corners) where a tap would land on something else: on the
 * register's other parts laid over it, or off the screen. Empty when all of it takes the tap.
 * `host` is the payment widget's iframe for an element inside the widget: the register's page sees
 * the frame, not its buttons, at those spots.
 */
export async function coveredSpots(target: Locator, host?: Locator): Promise<string[]> {
  const box = await target.boundingBox();
  if (!box) return ['not shown'];
  const inset = (size: number, at: number) => Math.min(Math.max(at * size, 3), size - 3);
  const spots = SPOTS.map(([x, y]) => ({ x: box.x + inset(box.width, x), y: box.y + inset(box.height, y) }));
  return (host ?? target).evaluate(
    (element, points) =>
      points.flatMap(({ x, y }) => {
        const top = element.ownerDocument.elementFromPoint(x, y);
        if (top && (top === element || element.contains(top))) return [];
        const what = top
          ? `${top.tagName.toLowerCase()} "${top.textContent?.trim().slice(0, 40) ?? ''}"`
          : 'off screen';
        return [`(${Math.round(x)}, ${Math.round(y)}): ${what}`];
      }),
    spots,
  );
}
