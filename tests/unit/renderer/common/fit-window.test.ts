import { describe, expect, it } from 'vitest';
import { FIT_LEAST_HEIGHT, heightLeft } from '../../../../renderer/common/use-fit-window';

describe('a side panel kept within the window', () => {
  it('takes what the window has below its top, less the margin', () => {
    // Below the page's heading of a 768 px window: its foot 8 px above the window's bottom.
    expect(heightLeft(290, 768, 8)).toBe(470);
    // Stuck to the top once the page scrolled (a top above the window counts as 0).
    expect(heightLeft(8, 768, 8)).toBe(752);
    expect(heightLeft(-120, 768, 8)).toBe(760);
  });

  it('is never shorter than the least height: on a tiny window the page scrolls instead', () => {
    expect(heightLeft(600, 768, 8)).toBe(FIT_LEAST_HEIGHT);
    expect(heightLeft(2_000, 768, 8)).toBe(FIT_LEAST_HEIGHT);
  });

  it('gives whole pixels', () => {
    expect(heightLeft(290.6, 768, 8)).toBe(469);
  });
});
