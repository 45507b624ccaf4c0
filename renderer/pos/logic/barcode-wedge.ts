/** How a keyboard-wedge scanner is told from a person typing (tunable per register). */
export interface WedgeTiming {
  /** Longest gap between two keys of one scan, in ms. */
  maxGapMs: number;
  /** Shortest code counted as a scan. */
  minLength: number;
}

/** Most scanners send a key every 1–20 ms; slow or Bluetooth ones up to about 50 ms. */
export const DEFAULT_TIMING: WedgeTiming = { maxGapMs: 50, minLength: 4 };

/**
 * What an Enter ended: a scan, or a burst that looked like one but came in too slowly. An ID's
 * barcode (`kind: 'id'`) is ended by the pause after it instead (see `BarcodeWedge.idle`).
 */
export interface WedgeRead {
  kind: 'code' | 'id';
  code: string;
  /** The slowest gap between two of its keys (Enter included), in ms. */
  slowestGapMs: number;
  /** True when that gap was over the limit: a missed scan, to be noticed, not added. */
  tooSlow: boolean;
}

/** Keys a scanner sends around characters (Shift for capitals): neither part of a code nor a reset. */
const MODIFIERS = new Set(['Shift', 'CapsLock']);
/**
 * A driver's licence or state ID's 2-D barcode (AAMVA) starts with "@" and holds line breaks,
 * which a wedge scanner types as Enter: its burst ends with the pause after it, not with an Enter.
 */
const ID_MARK = '@';
/** The shortest ID barcode worth reading (a real one is 200 characters or more). */
const ID_MIN_LENGTH = 30;

/**
 * Recognises a keyboard-wedge barcode scanner: a burst of printable keys, each within
 * `maxGapMs` of the last, ended by Enter. A burst up to three times as slow (at least 150 ms) is reported
 * as a missed scan so the cashier can be told and the timing tuned; anything slower is a person
 * typing and starts over.
 */
export class BarcodeWedge {
  private buffer = '';
  private slowest = 0;
  private last = -Infinity;

  constructor(private timing: WedgeTiming = DEFAULT_TIMING) {}

  /** Changes the timing (the register's settings changed). */
  tune(timing: WedgeTiming): void {
    this.timing = timing;
  }

  /** The slowest gap still read as a (missed) scan rather than typing. */
  private get slowLimit(): number {
    return Math.max(150, this.timing.maxGapMs * 3);
  }

  /** How long after an ID barcode's last key its burst is over (`idle` reads it then). */
  get idleMs(): number {
    return this.slowLimit;
  }

  private get inId(): boolean {
    return this.buffer.startsWith(ID_MARK);
  }

  /** Feeds one key; answers what an Enter ended, if anything worth telling. */
  key(key: string, at: number): WedgeRead | undefined {
    if (MODIFIERS.has(key)) return undefined;
    const gap = at - this.last;
    if (this.inId && gap <= this.slowLimit) {
      // Inside an ID's burst every key is part of it, an Enter a line break.
      this.last = at;
      this.slowest = Math.max(this.slowest, gap);
      this.buffer += key === 'Enter' ? '\n' : key.length === 1 ? key : '';
      return undefined;
    }
    this.last = at;
    if (key === 'Enter') {
      const code = this.buffer;
      const slowest = Math.max(this.slowest, gap);
      this.buffer = '';
      this.slowest = 0;
      if (code.length < this.timing.minLength || slowest > this.slowLimit) return undefined;
      return { kind: 'code', code, slowestGapMs: Math.round(slowest), tooSlow: slowest > this.timing.maxGapMs };
    }
    if (key.length !== 1 || gap > this.slowLimit) {
      this.buffer = key.length === 1 ? key : '';
      this.slowest = 0;
      return undefined;
    }
    if (this.buffer) this.slowest = Math.max(this.slowest, gap);
    this.buffer += key;
    return undefined;
  }

  /**
   * Called once the keys have paused (`idleMs` after the last one): answers an ID's barcode whose
   * burst is over, else nothing. Anything else the pause leaves is kept for its Enter.
   */
  idle(at: number): WedgeRead | undefined {
    if (!this.inId || at - this.last < this.slowLimit) return undefined;
    const code = this.buffer;
    const slowest = this.slowest;
    this.buffer = '';
    this.slowest = 0;
    if (code.length < ID_MIN_LENGTH) return undefined;
    return { kind: 'id', code, slowestGapMs: Math.round(slowest), tooSlow: slowest > this.timing.maxGapMs };
  }
}
