import type { TicketLineChange } from '../../../shared/contracts/ticket-edits.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { fromMilli, toMilli } from '../../../shared/quantity.js';
import type { PackageForSale } from '../catalog/package-for-sale.js';
import type { OrderItemRecord } from './order-records.js';
import { lineOf } from './priced-lines.js';

/** What an edit of an order's lines comes to, before anything is written. */
export interface LineEditPlan {
  /** The order's lines after the edit, in line order (a removed line's index is not given again). */
  items: OrderItemRecord[];
  /** The lines changed (a quantity, a package), as they become, priced again. */
  changed: OrderItemRecord[];
  /** The lines taken off, as they were. */
  removed: OrderItemRecord[];
  /** The change of each package's claim, in thousandths: more taken (> 0) or given back (< 0). */
  stock: Map<string, number>;
  /** Some line takes more of its product than before: the purchase limits are checked again. */
  grows: boolean;
  /** What changed, line by line, in words (the audit trail keeps them). */
  words: string[];
}

/** The order an edit is made to, as the plan needs it. */
export interface EditedOrder {
  orderNumber: string;
  items: readonly OrderItemRecord[];
}

/** "line 2 (Blue Dream 3.5g)": how a refusal names a line. */
export const lineWords = (item: Pick<OrderItemRecord, 'lineIndex' | 'name'>) => `line ${item.lineIndex} (${item.name})`;

/**
 * A refusal of a change, said as a person reads it: the line first ("line 2 (Blue Dream 3.5g): the
 * quantity must be …"), the request's field (`changes[0].quantity`) kept for programs.
 */
const lineRefusal = (line: Pick<OrderItemRecord, 'lineIndex' | 'name'>, words: string, field: string) =>
  new ServicePayError('INVALID_INPUT', `${lineWords(line)}: ${words}`, { field });

/** "2", "3.5 g": a quantity of a line as a person reads it. */
const amountOf = (item: Pick<OrderItemRecord, 'deli' | 'unitType'>, milli: number) =>
  item.deli ? `${fromMilli(milli)} ${item.unitType}` : String(fromMilli(milli));

/**
 * Plans the changes to an order's lines, refusing in words (naming the line's product) what cannot
 * be: a line the order does not have or named twice, a quantity of 0 or less or not whole for a
 * counted line, a package not of this store or of another product, more than a package has
 * available, more of a product no longer sold, or every line taken off. `packages` holds the
 * order's packages and those the changes name (read, and locked, by the caller), by id. A changed
 * line is priced as a new ticket would price it now; the other lines keep what they were sold at.
 */
export function planLineEdits(
  order: EditedOrder,
  changes: readonly TicketLineChange[],
  packages: ReadonlyMap<string, PackageForSale>,
  storeName: string,
): LineEditPlan {
  const byIndex = new Map(order.items.map((item) => [item.lineIndex, item]));
  const seen = new Set<number>();
  const after = new Map(order.items.map((item) => [item.lineIndex, item]));
  const plan: LineEditPlan = { items: [], changed: [], removed: [], stock: new Map(), grows: false, words: [] };
  const claim = (packageId: string, milli: number) =>
    plan.stock.set(packageId, (plan.stock.get(packageId) ?? 0) + milli);

  changes.forEach((change, index) => {
    const field = `changes[${index}]`;
    const line = byIndex.get(change.lineIndex);
    if (!line) {
      const indexes = order.items.map((item) => item.lineIndex).join(', ');
      throw new ServicePayError(
        'INVALID_INPUT',
        `order ${order.orderNumber} has no line ${change.lineIndex}: its lines are ${indexes}`,
        { field: `${field}.lineIndex` },
      );
    }
    if (seen.has(change.lineIndex)) {
      throw lineRefusal(line, 'more than one change names it; send one change per line', `${field}.lineIndex`);
    }
    seen.add(change.lineIndex);
    if (change.remove) {
      if (change.quantity !== undefined || change.packageId !== undefined) {
        throw lineRefusal(line, 'remove takes it off: send remove alone, without quantity or packageId', field);
      }
      after.delete(line.lineIndex);
      plan.removed.push(line);
      claim(line.packageId, -line.quantityMilli);
      plan.words.push(`${lineWords(line)} taken off (${amountOf(line, line.quantityMilli)})`);
      return;
    }
    const milli = quantityOf(change, line, field);
    const pkg = packageOf(change, line, packages, field, storeName);
    if (milli === line.quantityMilli && pkg.packageId === line.packageId) {
      // Said to whoever reads it (the POS shows it as it is): the line, not the request's field.
      throw new ServicePayError(
        'INVALID_INPUT',
        `${lineWords(line)} would stay as it is: give a new quantity, another package, or remove it`,
        { field },
      );
    }
    const edited = lineOf(pkg, {
      id: line.id,
      orderId: line.orderId,
      lineIndex: line.lineIndex,
      filledMilli: milli,
      requestedMilli: line.originalQuantityMilli,
    });
    after.set(line.lineIndex, edited);
    plan.changed.push(edited);
    claim(line.packageId, -line.quantityMilli);
    claim(pkg.packageId, milli);
    if (milli > line.quantityMilli) plan.grows = true;
    plan.words.push(changeWords(line, edited));
  });

  if (after.size === 0) {
    throw invalidInput('changes', `take every line off order ${order.orderNumber}: cancel the order instead`);
  }
  checkStock(plan, packages);
  plan.items = [...after.values()].sort((a, b) => a.lineIndex - b.lineIndex);
  return plan;
}

/** The line's new quantity in thousandths (its quantity as it is when the change names none). */
function quantityOf(change: TicketLineChange, line: OrderItemRecord, field: string): number {
  if (change.quantity === undefined) return line.quantityMilli;
  const milli = toMilli(change.quantity);
  const at = `${field}.quantity`;
  if (milli === undefined) throw lineRefusal(line, 'the quantity must have at most 3 decimals', at);
  if (milli <= 0) {
    throw lineRefusal(line, 'the quantity must be more than 0; to take the line off, send remove: true', at);
  }
  if (!line.deli && milli % 1000 !== 0) {
    throw lineRefusal(line, `the quantity must be a whole number: ${line.name} is sold by the unit`, at);
  }
  return milli;
}

/** The package the line takes its units from after the change: the one named, or its own. */
function packageOf(
  change: TicketLineChange,
  line: OrderItemRecord,
  packages: ReadonlyMap<string, PackageForSale>,
  field: string,
  storeName: string,
): PackageForSale {
  const id = change.packageId ?? line.packageId;
  const pkg = packages.get(id);
  if (!pkg && change.packageId === undefined) throw new Error(`package ${id} of order line ${line.id} was not read`);
  if (!pkg) {
    throw lineRefusal(
      line,
      `packageId is not a package of ${storeName}; the line keeps its package`,
      `${field}.packageId`,
    );
  }
  if (pkg.productId !== line.productId) {
    throw lineRefusal(
      line,
      `packageId is a package of ${pkg.name}, not of ${line.name}: the line takes only another package of its own product`,
      `${field}.packageId`,
    );
  }
  return pkg;
}

/**
 * Refuses a package asked for more than it has available (after what this edit gives back of it),
 * and more of a product no longer sold, naming the line that asks for it.
 */
function checkStock(plan: LineEditPlan, packages: ReadonlyMap<string, PackageForSale>): void {
  for (const [packageId, milli] of plan.stock) {
    if (milli <= 0) continue;
    const pkg = packages.get(packageId)!;
    const line = plan.changed.find((item) => item.packageId === packageId)!;
    if (!pkg.active) {
      throw new ServicePayError(
        'CONFLICT',
        `${lineWords(line)}: ${pkg.name} is no longer sold, so its line can only go down or come off`,
        { field: 'changes' },
      );
    }
    if (milli > pkg.availableMilli) {
      const label = pkg.packageLabel || pkg.packageId;
      throw new ServicePayError(
        'CONFLICT',
        `${lineWords(line)}: package ${label} has ${amountOf(pkg, Math.max(0, pkg.availableMilli))} available, ` +
          `not the ${amountOf(pkg, milli)} more this change takes`,
        { field: 'changes' },
      );
    }
  }
}

/** "line 2 (Blue Dream): 3 → 2, package A → B". */
function changeWords(before: OrderItemRecord, after: OrderItemRecord): string {
  const parts: string[] = [];
  if (after.quantityMilli !== before.quantityMilli) {
    parts.push(`${amountOf(before, before.quantityMilli)} → ${amountOf(after, after.quantityMilli)}`);
  }
  if (after.packageId !== before.packageId) {
    parts.push(`package ${before.packageLabel || before.packageId} → ${after.packageLabel || after.packageId}`);
  }
  return `${lineWords(before)}: ${parts.join(', ')}`;
}
