import { describe, expect, it } from 'vitest';
import { parseAamva } from '../../../../shared/compliance/index.js';
import { BarcodeWedge, type WedgeRead } from '../../../../renderer/pos/logic/barcode-wedge.js';
import { aamvaPayload, samplePerson } from '../../../support/aamva-samples.js';
import { wedgeBurst } from '../../../support/aamva-wedge.js';

/** Feeds `text` then Enter, `gap` ms apart, answering what the wedge read. */
function type(wedge: BarcodeWedge, text: string, gap: number, start = 1000): WedgeRead | undefined {
  let at = start;
  for (const key of text) wedge.key(key, (at += gap));
  return wedge.key('Enter', at + gap);
}

describe('BarcodeWedge', () => {
  it('recognises a fast burst ended by Enter', () => {
    expect(type(new BarcodeWedge(), '0860012000018', 5)).toEqual({
      kind: 'code',
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
    expect(type(wedge, '850041000024', 45)).toEqual({
      kind: 'code',
      code: '850041000024',
      slowestGapMs: 45,
      tooSlow: true,
    });
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

  it("reads an ID's barcode, Enter keys and all, once its burst has paused", () => {
    const wedge = new BarcodeWedge();
    const burst = wedgeBurst(aamvaPayload(samplePerson({ firstName: 'MARIA', lastName: 'GARCIA' })), 'enter-keys');
    let at = 1000;
    for (const key of burst) expect(wedge.key(key === '\n' ? 'Enter' : key, (at += 3))).toBeUndefined();
    // Too soon: the burst may go on.
    expect(wedge.idle(at + 20)).toBeUndefined();
    const read = wedge.idle(at + wedge.idleMs);
    expect(read).toMatchObject({ kind: 'id', tooSlow: false });
    const parsed = parseAamva(read!.code);
    expect(parsed.ok && parsed.id).toMatchObject({ firstName: 'MARIA', lastName: 'GARCIA' });
    // The wedge is ready for a product's barcode at once.
    expect(type(wedge, '850041000024', 4, at + 1000)?.code).toBe('850041000024');
  });

  it('drops a lone "@" typed outside a field once the keys pause', () => {
    const wedge = new BarcodeWedge();
    wedge.key('@', 1000);
    expect(wedge.idle(2000)).toBeUndefined();
    expect(type(wedge, '850041000024', 4, 3000)?.code).toBe('850041000024');
  });
});
