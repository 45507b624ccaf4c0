import { describe, expect, it } from 'vitest';
import {
  isOnScreen,
  polePlacement,
  posBounds,
  samePlacement,
  secondaryDisplay,
} from '../../../electron/app/displays/placement.js';
import { display } from '../../support/fake-electron.js';

describe('window placement', () => {
  const laptop = display(1, 0, 1366, 768);

  it('one display: POS fills its work area, the pole display is a movable window at its right edge', () => {
    expect(posBounds(laptop)).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
    expect(polePlacement([laptop], laptop)).toEqual({
      kind: 'window',
      displayId: 1,
      bounds: { x: 342, y: 0, width: 1024, height: 728 },
    });
  });

  it('one large display: the pole window keeps its design size and is centred vertically', () => {
    const big = display(1, 0, 2560, 1440);
    expect(polePlacement([big], big).bounds).toEqual({ x: 1536, y: 316, width: 1024, height: 768 });
  });

  it('two displays: the pole display is full screen on the secondary one, over its taskbar', () => {
    const customer = display(2, 1366, 1024, 768);
    expect(polePlacement([laptop, customer], laptop)).toEqual({
      kind: 'fullscreen',
      displayId: 2,
      bounds: { x: 1366, y: 0, width: 1024, height: 768 },
    });
  });

  it('the primary display is not always first: the pole display goes to the other one', () => {
    const left = display(7, -1280, 1280, 1024);
    const main = display(3, 0);
    expect(polePlacement([left, main], main)).toMatchObject({ kind: 'fullscreen', displayId: 7 });
    expect(posBounds(main)).toEqual(main.workArea);
  });

  it('three displays: the leftmost non-primary one is the customer display, whatever the order listed', () => {
    const main = display(1, 0);
    const right = display(2, 3840);
    const middle = display(3, 1920);
    expect(secondaryDisplay([main, right, middle], main.id)?.id).toBe(3);
  });

  it('display-only machine with one screen: full screen on it', () => {
    expect(polePlacement([laptop], laptop, true)).toEqual({
      kind: 'fullscreen',
      displayId: 1,
      bounds: laptop.bounds,
    });
  });

  it('compares placements by kind, display and bounds', () => {
    const a = polePlacement([laptop], laptop);
    expect(samePlacement(a, structuredClone(a))).toBe(true);
    expect(samePlacement(a, { ...a, bounds: { ...a.bounds, x: a.bounds.x + 1 } })).toBe(false);
    expect(samePlacement(a, { ...a, kind: 'fullscreen' })).toBe(false);
  });

  it('a window is on screen only when enough of it shows to grab it', () => {
    const screens = [laptop];
    expect(isOnScreen({ x: 100, y: 100, width: 800, height: 600 }, screens)).toBe(true);
    expect(isOnScreen({ x: 1366, y: 0, width: 1024, height: 768 }, screens)).toBe(false); // on an unplugged screen
    expect(isOnScreen({ x: 1340, y: 0, width: 1024, height: 768 }, screens)).toBe(false); // 26 px showing
    expect(isOnScreen({ x: 1300, y: 0, width: 1024, height: 768 }, screens)).toBe(true);
  });
});
