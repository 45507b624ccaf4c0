/** A rectangle in screen coordinates (Electron's Rectangle). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The part of Electron's Display that placement needs. */
export interface ScreenDisplay {
  id: number;
  bounds: Rect;
  workArea: Rect;
}

/** Where the pole display goes: full screen on a display of its own, or a window beside the POS. */
export type PolePlacement =
  { kind: 'fullscreen'; displayId: number; bounds: Rect } | { kind: 'window'; displayId: number; bounds: Rect };

// The size the pole-display page is designed for when it shares the cashier's screen.
const WINDOW_SIZE = { width: 1024, height: 768 };

/** The POS fills the work area of the primary display (the cashier's screen). */
export function posBounds(primary: ScreenDisplay): Rect {
  return { ...primary.workArea };
}

/** The customer's display: the first non-primary one, left to right, then top to bottom. */
export function secondaryDisplay(displays: readonly ScreenDisplay[], primaryId: number): ScreenDisplay | undefined {
  return displays
    .filter((display) => display.id !== primaryId)
    .sort((a, b) => a.bounds.x - b.bounds.x || a.bounds.y - b.bounds.y)[0];
}

/**
 * Full screen on the secondary display when there is one. Otherwise a normal window at the right
 * edge of the primary work area (the cashier can move it), or full screen on the primary display
 * when the machine is only a customer display (`alone`).
 */
export function polePlacement(
  displays: readonly ScreenDisplay[],
  primary: ScreenDisplay,
  alone = false,
): PolePlacement {
  const secondary = secondaryDisplay(displays, primary.id);
  if (secondary) return { kind: 'fullscreen', displayId: secondary.id, bounds: { ...secondary.bounds } };
  if (alone) return { kind: 'fullscreen', displayId: primary.id, bounds: { ...primary.bounds } };
  const area = primary.workArea;
  const width = Math.min(WINDOW_SIZE.width, area.width);
  const height = Math.min(WINDOW_SIZE.height, area.height);
  const bounds = { x: area.x + area.width - width, y: area.y + Math.round((area.height - height) / 2), width, height };
  return { kind: 'window', displayId: primary.id, bounds };
}

/** Two placements that would put the window at the same place in the same way. */
export function samePlacement(a: PolePlacement, b: PolePlacement): boolean {
  const { bounds: p } = a;
  const { bounds: q } = b;
  return (
    a.kind === b.kind &&
    a.displayId === b.displayId &&
    p.x === q.x &&
    p.y === q.y &&
    p.width === q.width &&
    p.height === q.height
  );
}

/** True when some part of `bounds` shows on one of the displays (a window left on an unplugged screen does not). */
export function isOnScreen(bounds: Rect, displays: readonly ScreenDisplay[]): boolean {
  return displays.some(({ workArea: area }) => {
    const width = Math.min(bounds.x + bounds.width, area.x + area.width) - Math.max(bounds.x, area.x);
    const height = Math.min(bounds.y + bounds.height, area.y + area.height) - Math.max(bounds.y, area.y);
    return width >= 50 && height >= 50; // enough to grab the title bar and drag it back
  });
}
