import type { Queryable } from '../db/query.js';

/** One adjustment, as its listeners are told of it inside its transaction. */
export interface StockAdjusted {
  adjustmentId: string;
  dispensaryId: string;
  packageLabel: string;
  /** Thousandths of the unit, signed. */
  deltaMilli: number;
  unitType: string;
  deli: boolean;
  /** What the state calls the reason (Metrc's AdjustmentReason). */
  stateReason: string;
  note: string;
  /** ISO instant. */
  at: string;
}

/**
 * Told of the adjustments written together (one, or a count's) in their transaction (a failure
 * undoes them): the state's outbox (state-reporting/state-adjustment-outbox.ts) implements it, the
 * set-up composition wires it.
 */
export type AdjustmentListener = (tx: Queryable, adjustments: readonly StockAdjusted[]) => Promise<void>;
