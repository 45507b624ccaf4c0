import { describe, expect, it } from 'vitest';
import { BarcodeWedge } from '../../../../renderer/pos/logic/barcode-wedge.js';

/** Feeds `text` then Enter, `gap` ms apart, answering what the wedge recognised. */
function type(wedge: BarcodeWedge, text: string, gap: number, start = 1000): string | undefined {
  let at = start;
  for (const key of text) wedge.key(key, (at += gap));
  return wedge.key('Enter', at + gap);
}

describe('BarcodeWedge', () => {
  it('recognises a fast burst ended by Enter', () => {
    expect(type(new BarcodeWedge(), '0860012000018', 5)).toBe('0860012000018');
  });

  it('ignores typing at human speed, and codes too short to be barcodes', () => {
    expect(type(new BarcodeWedge(), 'blue dream', 120)).toBeUndefined();
    expect(type(new BarcodeWedge(), '123', 5)).toBeUndefined();
  });

  it('starts over after a pause, so a scan following slow typing is read alone', () => {
    const wedge = new BarcodeWedge();
    wedge.key('x', 0);
    wedge.key('y', 300);
    expect(type(wedge, '850041000024', 4, 2000)).toBe('850041000024');
  });

  it('resets on other keys', () => {
    const wedge = new BarcodeWedge();
    wedge.key('1', 0);
    wedge.key('2', 5);
    wedge.key('Shift', 8);
    expect(type(wedge, '34', 5, 10)).toBeUndefined();
  });
});
