/**
 * Whether two sales' contexts are the same in everything the engine reads: the engine asks it of
 * every cart (its deals' statuses hold while the context does: engine.ts), and a sale asks it before
 * pricing its cart again (last-outcome.ts). Written with loops, so asking makes nothing.
 */
import type { DealContext } from './cart.js';

/** True when two lists of strings hold the same, in the same order. */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let at = 0; at < a.length; at += 1) if (a[at] !== b[at]) return false;
  return true;
}

function sameUses(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  if (a.size === 0) return true;
  for (const dealId of a.keys()) if (b.get(dealId) !== a.get(dealId)) return false;
  return true;
}

/** True when the contexts are the same in everything the engine reads. */
export function sameContext(a: DealContext, b: DealContext): boolean {
  const x = a.customer;
  const y = b.customer;
  const sameCustomer =
    x === y ||
    (x !== null &&
      y !== null &&
      x.type === y.type &&
      x.age === y.age &&
      x.veteran === y.veteran &&
      x.firstVisit === y.firstVisit &&
      x.tierId === y.tierId);
  return (
    a.date === b.date &&
    a.weekday === b.weekday &&
    a.minute === b.minute &&
    sameCustomer &&
    sameList(a.codes, b.codes) &&
    sameList(a.chosen, b.chosen) &&
    sameUses(a.usesLeft, b.usesLeft)
  );
}

/** A copy of a context, kept to compare the next ones with (a caller may change its own lists after). */
export function contextCopy(context: DealContext): DealContext {
  const { customer, codes, chosen, usesLeft } = context;
  return {
    ...context,
    customer: customer && { ...customer },
    codes: [...codes],
    chosen: [...chosen],
    usesLeft: new Map(usesLeft),
  };
}
