import { describe, expect, it } from 'vitest';
import { BarcodeWedge, type WedgeRead } from '../../../../renderer/pos/logic/barcode-wedge.js';

/** Feeds `text` then Enter, `gap` ms apart, answering what the wedge read. */
function type(wedge: BarcodeWedge, text: string, gap: number, start = 1000): WedgeRead | undefined {
  let at = start;
  for (const key of text) wedge.key(key, (at += gap));
  return wedge.key('Enter', at + gap);
}

describe('BarcodeWedge', () => {
  it('recognises a fast burst ended by Enter', () => {
    expect(type(new BarcodeWedge(), '0860012000018', 5)).toEqual({
      code: '0860012000018',
      slowestGapMs: 5,
      tooSlow: false,
    });
  });

  it('reads a scanner whose keys come 35–50 ms apart with the default timing', () => {
    expect(type(new BarcodeWedge(), '850041000024', 45)?.tooSlow).toBe(false);
  });

  it('notices a scan that came in too slowly, and reads it once the timing is tuned', () => {
    const wedge = new BarcodeWedge({ maxGapMs: 30, minLength: 4 });
    expect(type(wedge, '850041000024', 45)).toEqual({ code: '850041000024', slowestGapMs: 45, tooSlow: true });
    wedge.tune({ maxGapMs: 60, minLength: 4 });
    expect(type(wedge, '850041000024', 45, 5000)?.tooSlow).toBe(false);
  });

  it('ignores typing at human speed, and codes too short to be barcodes', () => {
    expect(type(new BarcodeWedge(), 'blue dream', 180)).toBeUndefined();
    expect(type(new BarcodeWedge(), '123', 5)).toBeUndefined();
  });

  it('starts over after a pause, so a scan following slow typing is read alone', () => {
    const wedge = new BarcodeWedge();
    wedge.key('x', 0);
    wedge.key('y', 400);
    expect(type(wedge, '850041000024', 4, 2000)?.code).toBe('850041000024');
  });

  it('keeps the capitals a scanner sends with Shift, and resets on other keys', () => {
    const wedge = new BarcodeWedge();
    let at = 0;
    for (const key of ['1', 'Shift', 'A', 'Shift', 'B', '4']) wedge.key(key, (at += 3));
    expect(wedge.key('Enter', at + 3)?.code).toBe('1AB4');
    wedge.key('1', 100);
    wedge.key('2', 105);
    wedge.key('ArrowDown', 108);
    expect(type(wedge, '34', 5, 110)).toBeUndefined();
  });
});
