/** Longest gap between two keys of one scan: scanners type far faster than people. */
const MAX_GAP_MS = 40;
const MIN_LENGTH = 4;

/**
 * Recognises a keyboard-wedge barcode scanner: a burst of printable keys, each within a few
 * milliseconds of the last, ended by Enter. Keys typed at human speed reset it, so typing in the
 * search box is never mistaken for a scan.
 */
export class BarcodeWedge {
  private buffer = '';
  private last = -Infinity;

  /** Feeds one key; answers the scanned code when this Enter ends a scan. */
  key(key: string, at: number): string | undefined {
    const gap = at - this.last;
    this.last = at;
    if (key === 'Enter') {
      const code = gap <= MAX_GAP_MS && this.buffer.length >= MIN_LENGTH ? this.buffer : undefined;
      this.buffer = '';
      return code;
    }
    if (key.length !== 1) {
      this.buffer = '';
      return undefined;
    }
    this.buffer = gap <= MAX_GAP_MS ? this.buffer + key : key;
    return undefined;
  }
}
