/** One line a customer bought, with its order: what the purchase limits count. */
export interface BoughtLine {
  orderId: string;
  type: string;
  name: string;
  deli: number;
  quantityMilli: number;
  refundedMilli: number;
  cannabisWeightMg: number | null;
  thcMg: number | null;
}

/** A limits' period: from (inclusive) to (exclusive), as ISO instants. */
export interface PurchaseWindow {
  from: string;
  to: string;
}

/**
 * On a register attached to a store server: the customer's lines of the period at the server (the
 * other registers' sales and the ecommerce site's), or null when the server does not answer now
 * (the register then counts what it knows, as offline).
 */
export interface PurchasesElsewhere {
  /** Whether there is a server to ask now. */
  ready(): boolean;
  lines(customerId: string, window: PurchaseWindow): Promise<BoughtLine[] | null>;
}
