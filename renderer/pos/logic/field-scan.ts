import { BarcodeWedge, type WedgeTiming } from './barcode-wedge';

/**
 * A scan typed into a text field of the cart (a line's quantity, the promo code). A keyboard-wedge
 * scanner types wherever the focus is, and the field cannot tell its keys from a person's: it would
 * take a barcode as a quantity ("Only 58 in stock") or a promo code. Told by speed, as outside the
 * fields (barcode-wedge.ts), but stricter: only a burst whose every key, Enter included, is within the
 * register's gap counts. A burst a little slower (a missed scan outside a field) is a fast typist here,
 * and stays the field's: a person never loses what they typed.
 */

/** What a field held, to put back once its keys turn out to have been a scan. */
export interface FieldText {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** A field's `data-scans`: what a scan typed into it is. */
export type ScanMode =
  /** Always a product's code or package label (a count is never one): the field keeps what it held. */
  | 'products'
  /** A product's code when one has it, else the field's own text (a coupon's promo code, scanned). */
  | 'products-first';

/** A scan read from a field's keys: the code, and what the field held before its first key. */
export interface FieldScan {
  code: string;
  before: FieldText;
}

const textOf = (field: FieldText): FieldText => ({
  value: field.value,
  selectionStart: field.selectionStart,
  selectionEnd: field.selectionEnd,
});

/** Reads scans from the keys typed into fields, one burst at a time. */
export class FieldScans {
  private wedge: BarcodeWedge;
  private field: object | null = null;
  private before: FieldText | null = null;
  private last = -Infinity;

  constructor(private timing: WedgeTiming) {
    this.wedge = new BarcodeWedge(timing);
  }

  tune(timing: WedgeTiming): void {
    this.timing = timing;
    this.restart(null);
  }

  /**
   * Feeds one key pressed in `field`, before the field takes it (keydown). Answers the scan its Enter
   * ended, if the keys were one. `repeat`: a key held down, which is a person.
   */
  key(key: string, at: number, field: FieldText, repeat = false): FieldScan | undefined {
    // A pause, or another field, starts a new burst here: what the field holds now is what a scan
    // starting with this key must leave it holding.
    if (field !== this.field || at - this.last > this.timing.maxGapMs) this.restart(field);
    this.last = at;
    if (repeat) {
      this.restart(null);
      return undefined;
    }
    const read = this.wedge.key(key, at);
    if (!read || read.kind !== 'code' || read.tooSlow || !this.before) return undefined;
    const scan = { code: read.code, before: this.before };
    this.restart(null);
    return scan;
  }

  private restart(field: FieldText | null): void {
    this.wedge = new BarcodeWedge(this.timing);
    this.field = field;
    this.before = field ? textOf(field) : null;
  }
}

/** The field takes back what it held before the scan; its listeners (v-model) hear it as typing. */
export function restoreField(input: HTMLInputElement, before: FieldText): void {
  input.value = before.value;
  if (before.selectionStart !== null && before.selectionEnd !== null) {
    input.setSelectionRange(before.selectionStart, before.selectionEnd);
  }
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The input a key went to, when it is one of the cart's fields that read scans, and how. */
export function scanFieldOf(target: EventTarget | null): { input: HTMLInputElement; mode: ScanMode } | null {
  if (!(target instanceof HTMLInputElement) || target.closest('dialog')) return null;
  const mode = target.closest<HTMLElement>('[data-scans]')?.dataset.scans;
  return mode === 'products' || mode === 'products-first' ? { input: target, mode } : null;
}
