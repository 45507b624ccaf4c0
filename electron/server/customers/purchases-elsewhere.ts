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

/** One line of a sale as the purchase limits count it (deli: 1 when weighed at the counter). */
export type AllowanceLine = Omit<BoughtLine, 'orderId' | 'refundedMilli'>;

/**
 * On a register attached to a store server: a sale's customer (the register's id for them) and its
 * lines, whose allowance the register holds at the server with the sale's units.
 */
export interface AllowanceAsk {
  customerId: string;
  lines: AllowanceLine[];
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
