import type { QueueLine, QueueOrder } from '../../../shared/contracts/pickup';
import { quantityWords } from '../../common/pickup/pickup-words';

/**
 * Picking an online order by scan (README "Picking by scan"): each line is confirmed by scanning
 * the label of the package the order holds, once per unit (a weighed line once, then weighed). A
 * product that carries no package label (an accessory) is confirmed by its barcode instead, or by
 * a tap. A scan of another package of the same product, of another product, or of nothing this
 * store has is refused in words, and confirms nothing.
 */

/** What has been confirmed of one line: the units scanned, and a weighed line's weight. */
export interface LineProgress {
  /** What the line was when scanned (package and quantity): a line changed since starts again. */
  key: string;
  scanned: number;
  weighed: number | null;
}

/** An order's progress by line index. */
export type PickProgress = Readonly<Record<number, LineProgress>>;

/** What a scan comes to. */
export type PickScan =
  | { kind: 'counted'; line: QueueLine; sentence: string }
  | { kind: 'weigh'; line: QueueLine }
  | { kind: 'refused'; sentence: string };

/** A product the store's catalog knows a code by, as the check needs it. */
export interface KnownProduct {
  productId: string;
  name: string;
}

/** The line as scanned: its package and quantity (an edit of either starts its confirmation again). */
export function lineKey(line: Pick<QueueLine, 'packageId' | 'quantity'>): string {
  return `${line.packageId}@${line.quantity}`;
}

/** How many scans a line takes: one per unit, one for a weighed line. */
export function scansNeeded(line: Pick<QueueLine, 'deli' | 'quantity'>): number {
  return line.deli ? 1 : Math.max(1, Math.round(line.quantity));
}

/** The line's progress as it is now (none when the line changed since it was scanned). */
export function progressOf(progress: PickProgress, line: QueueLine): LineProgress {
  const own = progress[line.lineIndex];
  return own && own.key === lineKey(line) ? own : { key: lineKey(line), scanned: 0, weighed: null };
}

/** True once a line is scanned in full (and weighed, if weighed). */
export function lineDone(progress: PickProgress, line: QueueLine): boolean {
  const own = progressOf(progress, line);
  return own.scanned >= scansNeeded(line) && (!line.deli || own.weighed !== null);
}

/** How far an order's picking is: lines done of lines. */
export function pickCount(order: Pick<QueueOrder, 'lines'>, progress: PickProgress): { done: number; of: number } {
  return { done: order.lines.filter((line) => lineDone(progress, line)).length, of: order.lines.length };
}

/**
 * "2 of 3 lines picked": how far the picking of an order is, true of a line scanned, weighed or
 * tapped "In the bag" alike.
 */
export function pickedWords({ done, of }: { done: number; of: number }): string {
  return `${done} of ${of} ${of === 1 ? 'line' : 'lines'} picked`;
}

const same = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** True for a line whose product carries no package label (an accessory): its barcode, or a tap, confirms it. */
export function unlabelled(line: Pick<QueueLine, 'packageLabel'>): boolean {
  return line.packageLabel.trim() === '';
}

/** What confirming one more unit of a line says, or asks (a weighed line's weight). */
function confirmed(line: QueueLine, progress: PickProgress): PickScan {
  if (line.deli) return { kind: 'weigh', line };
  const scanned = progressOf(progress, line).scanned + 1;
  return { kind: 'counted', line, sentence: `${line.name}: ${countWords(line, scanned)}.` };
}

/** "1 of 2 scanned", or "1 of 2 in the bag" for a line with no package label (a tap may confirm it). */
export function countWords(line: QueueLine, scanned: number): string {
  return `${scanned} of ${scansNeeded(line)} ${unlabelled(line) ? 'in the bag' : 'scanned'}`;
}

/** A tap on a line with no package label: one more unit of it in the bag (a labelled line is scanned). */
export function tapForPick(progress: PickProgress, line: QueueLine): PickScan {
  if (!unlabelled(line)) {
    return { kind: 'refused', sentence: `Scan the label of ${line.name}'s package: ${line.packageLabel}.` };
  }
  if (lineDone(progress, line)) {
    return { kind: 'refused', sentence: `${line.name} is already in the bag (${quantityWords(line)}).` };
  }
  return confirmed(line, progress);
}

/**
 * What scanning `code` does for the order: counts a unit of the line whose package it is, or of a
 * line with no package label whose product's barcode it is (or asks a weighed line's weight); else
 * says why it confirms nothing. `productOf` is the store's catalog
 * (barcodes and package labels).
 */
export function scanForPick(
  order: Pick<QueueOrder, 'orderNumber' | 'lines'>,
  progress: PickProgress,
  code: string,
  productOf: (code: string) => KnownProduct | undefined,
): PickScan {
  const label = code.trim();
  if (!label) return { kind: 'refused', sentence: 'Scan a package label, or type it.' };
  const product = productOf(label);
  // A labelled line by its package's label; a line with no label by its product's barcode.
  const lines = order.lines.filter((line) =>
    unlabelled(line) ? product?.productId === line.productId : same(line.packageLabel, label),
  );
  const open = lines.find((line) => !lineDone(progress, line));
  if (open) return confirmed(open, progress);
  if (lines[0]) {
    return { kind: 'refused', sentence: `${lines[0].name} is already scanned in full (${quantityWords(lines[0])}).` };
  }
  const ordered = product && order.lines.find((line) => line.productId === product.productId);
  if (ordered) {
    return {
      kind: 'refused',
      // The code may be the product's barcode or another package's label: named as scanned.
      sentence: `${label} is ${ordered.name}, but not the package the order holds: take the one labelled ${ordered.packageLabel}.`,
    };
  }
  if (product) {
    return {
      kind: 'refused',
      sentence: `${label} is ${product.name}, which order ${order.orderNumber} does not have.`,
    };
  }
  return {
    kind: 'refused',
    sentence: `Nothing in this store has the label ${label}: check the label and scan it again.`,
  };
}

/** How far a weighed line's weight may be from what was ordered: 1 %, and at least 0.05 of its unit. */
export function weightTolerance(quantity: number): number {
  return Math.max(0.05, Math.round(quantity * 100) / 10_000);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Whether a weighed line's weight is what was ordered (within the tolerance); else why not, in words. */
export function checkWeight(
  line: Pick<QueueLine, 'name' | 'quantity' | 'unitType'>,
  weighed: number,
): { ok: true; sentence: string } | { ok: false; sentence: string } {
  const unit = line.unitType;
  const difference = round2(weighed - line.quantity);
  if (Math.abs(difference) <= weightTolerance(line.quantity) + 1e-9) {
    return { ok: true, sentence: `${line.name}: ${weighed} ${unit} weighed.` };
  }
  const what = `${weighed} ${unit} is ${round2(Math.abs(difference))} ${unit}`;
  return difference < 0
    ? { ok: false, sentence: `${what} short of the ${line.quantity} ${unit} ordered: add to it and weigh again.` }
    : { ok: false, sentence: `${what} over the ${line.quantity} ${unit} ordered: take some out and weigh again.` };
}
