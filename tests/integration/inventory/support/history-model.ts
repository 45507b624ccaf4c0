/**
 * What the package-history property test expects, kept by the test itself (README "Rooms and
 * packages", "Inventory adjustments", "Inventory counts"): each package's stock on hand, the open
 * orders' claims on it and its room, moved by the documented rules; the service's tables must agree
 * with it as well as with their own history.
 */

/** A package as the test expects it, quantities in thousandths. */
export interface ModelPackage {
  id: string;
  productId: string;
  /** The state tag ('' for a product's first package, made with no tag). */
  label: string;
  onHand: number;
  /** What open orders hold of it: reserved, and short beyond what is on hand. */
  claims: number;
  /** The room's id; null on the sales floor. */
  room: string | null;
  expiresOn: string | null;
  /**
   * Units an order handed over beyond what was on hand (an adjustment had taken the stock below
   * the order's claim): on hand stays at zero and no history table records them.
   */
  beyond: number;
}

/** An order of the sequence: its lines and where it stands. */
export interface ModelOrder {
  orderId: string;
  orderNumber: string;
  lines: { lineIndex: number; packageId: string; milli: number }[];
  status: 'open' | 'completed' | 'canceled';
  /** Packed and ready (a hand-over tried while unpaid left it so): its lines change no more. */
  packed: boolean;
  paid: boolean;
  totalCents: number;
  payment: { id: string; cents: number; refunded: number } | null;
}

export interface ModelProduct {
  id: string;
  sku: string;
  deli: boolean;
}

/** What is free to sell of a package: on the floor, on hand less what open orders hold. */
export const freeOf = (p: ModelPackage) => (p.room === null ? Math.max(0, p.onHand - p.claims) : 0);

/** The stock moved as a whole (catalog/stock-claims.ts's rule): on hand never below zero. */
export function moveStock(p: ModelPackage, onHand: number, claims: number): void {
  const wanted = p.onHand + onHand;
  p.beyond += Math.max(0, -wanted);
  p.onHand = Math.max(0, wanted);
  p.claims = Math.max(0, p.claims + claims);
}

/**
 * The package a line of `wanted` takes (docs/packages.md "Which package a sale takes"): of the
 * floor packages with stock free, the first to expire (undated last, then the oldest id) with all
 * of it free; else the one with the most free. Undefined: none has any free.
 */
export function sellingPackage(packages: readonly ModelPackage[], wanted: number): ModelPackage | undefined {
  const floor = packages
    .filter((p) => freeOf(p) > 0)
    .sort((a, b) => {
      if (a.expiresOn !== b.expiresOn) {
        if (a.expiresOn === null) return 1;
        if (b.expiresOn === null) return -1;
        return a.expiresOn < b.expiresOn ? -1 : 1;
      }
      return a.id < b.id ? -1 : 1;
    });
  return (
    floor.find((p) => freeOf(p) >= wanted) ??
    floor.reduce<ModelPackage | undefined>((best, p) => (!best || freeOf(p) > freeOf(best) ? p : best), undefined)
  );
}

/** The test's expectation of one run's packages. */
export class HistoryModel {
  readonly packages = new Map<string, ModelPackage>();

  add(p: Omit<ModelPackage, 'claims' | 'beyond'>): void {
    this.packages.set(p.id, { ...p, claims: 0, beyond: 0 });
  }

  packagesOf(productId: string): ModelPackage[] {
    return [...this.packages.values()].filter((p) => p.productId === productId);
  }

  get(packageId: string): ModelPackage {
    const found = this.packages.get(packageId);
    if (!found) throw new Error(`package ${packageId} is not one the test made`);
    return found;
  }
}
