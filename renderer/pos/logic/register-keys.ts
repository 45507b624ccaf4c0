import { BarcodeWedge, type WedgeRead, type WedgeTiming } from './barcode-wedge';
import { FieldScans, restoreField, scanFieldOf } from './field-scan';

/** What the register does with what its scanner typed (PosScreen). */
export interface ScanHandlers {
  /** The register is locked: what is typed (a password) is never read as a scan. */
  locked(): boolean;
  /** Focus is in the ID check's customer search, which listens for a licence scanned (IDs only). */
  findingId(target: Element | null): boolean;
  /** Whether the register has a use for the code (a product's, an order's): used by `code` then. */
  knows(code: string): boolean;
  /** A code scanned (known or not: an unknown one is said). */
  code(code: string): void;
  /** A burst that looked like a scan but came in too slowly: said, not added. */
  tooSlow(read: WedgeRead): void;
  /** An ID's barcode, read once its burst paused. */
  id(code: string): void;
}

/**
 * The register's scanner, a keyboard wedge, anywhere in the window: with focus outside text fields
 * its keys are read here; in the cart's fields that read scans (`data-scans`, field-scan.ts) a scan
 * is taken before the field's own Enter (a capturing listener) and the field keeps what it held;
 * other fields (the search box, forms, dialogs) have the keys to themselves.
 */
export class RegisterKeys {
  private readonly wedge: BarcodeWedge;
  private readonly fields: FieldScans;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private target: Window | null = null;

  constructor(
    timing: WedgeTiming,
    private readonly handlers: ScanHandlers,
  ) {
    this.wedge = new BarcodeWedge(timing);
    this.fields = new FieldScans(timing);
  }

  tune(timing: WedgeTiming): void {
    this.wedge.tune(timing);
    this.fields.tune(timing);
  }

  listen(target: Window): void {
    this.target = target;
    target.addEventListener('keydown', this.inField, true);
    target.addEventListener('keydown', this.outside);
  }

  stop(): void {
    this.target?.removeEventListener('keydown', this.inField, true);
    this.target?.removeEventListener('keydown', this.outside);
    this.target = null;
    clearTimeout(this.idleTimer);
  }

  /** Keys typed into a cart field that reads scans: a scan is the register's, not the field's. */
  private readonly inField = (event: KeyboardEvent): void => {
    if (this.handlers.locked()) return;
    const field = scanFieldOf(event.target);
    if (!field || field.input.disabled) return;
    const scan = this.fields.key(event.key, event.timeStamp, field.input, event.repeat);
    if (!scan) return;
    // A coupon's promo code scanned into its field stays the field's, and its Enter adds it.
    if (field.mode === 'products-first' && !this.handlers.knows(scan.code)) return;
    // The field's Enter (a quantity committed, a code added) never hears of it.
    event.preventDefault();
    event.stopImmediatePropagation();
    restoreField(field.input, scan.before);
    this.handlers.code(scan.code);
  };

  /** Keys typed with focus outside text fields (in a field, the field's Enter handles them). */
  private readonly outside = (event: KeyboardEvent): void => {
    if (this.handlers.locked()) return;
    const target = event.target as HTMLElement | null;
    const findingId = this.handlers.findingId(target);
    if (target?.closest?.('input, textarea, select, dialog') && !findingId) return;
    const read = this.wedge.key(event.key, event.timeStamp);
    this.watchIdle();
    if (!read || findingId) return;
    if (read.tooSlow) this.handlers.tooSlow(read);
    else this.handlers.code(read.code);
  };

  /** An ID's barcode ends with the pause after its last key: read it then. */
  private watchIdle(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const id = this.wedge.idle(performance.now());
      if (id) this.handlers.id(id.code);
    }, this.wedge.idleMs + 10);
  }
}
