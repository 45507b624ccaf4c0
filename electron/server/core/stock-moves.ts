/**
 * What a committed write moved of a store's stock (ports-and-composition.md, "Ports owned by their
 * consumer's caller"): tickets and registers announce it here, on the context; the catalog's
 * StockNews implements it (the live channel's `stock.changed`) and app.ts hands it in, so no
 * feature imports the catalog to say its stock moved.
 */
export interface StockMoves {
  /** Products of store `dispensaryId` whose stock a committed write moved. */
  products(dispensaryId: string, productIds: Iterable<string>): void;
  /** Packages of store `dispensaryId` whose stock a committed write moved (told as their products). */
  packages(dispensaryId: string, packageIds: Iterable<string>): void;
}

/** Nobody to tell (a context built for a tool or a test that follows no stock). */
export const NO_STOCK_MOVES: StockMoves = { products: () => undefined, packages: () => undefined };
