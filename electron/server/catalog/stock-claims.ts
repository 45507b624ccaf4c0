/**
 * A package's stock in thousandths: on hand, reserved (units held for open orders) and short (units
 * open orders hold beyond what is on hand). Open orders' claims are reserved + short; reserved is
 * never more than on hand, so a package is short only when everything on hand is reserved.
 *
 * A package goes short when registers sold offline more than the store had (README "What the store
 * carries"): the sales happened, so their orders keep their claims, and the store is told.
 */
export interface PackageStock {
  onHand: number;
  reserved: number;
  short: number;
}

/** What a change moves: the units on hand, and the open orders' claims (both signed). */
export interface StockMove {
  onHand: number;
  claims: number;
}

/** A package's stock after a move, and the units it took beyond what was on hand (none left for them). */
export interface MovedStock {
  stock: PackageStock;
  /** Units that left the store beyond what was on hand: on hand stays at zero. */
  beyond: number;
}

/**
 * Moves a package's stock. On hand never goes below zero (what went beyond is `beyond`); claims
 * never below zero (an order never frees more than the open orders hold); as much of the claims as
 * is on hand is reserved, and the rest is short.
 */
export function moveStock(stock: PackageStock, move: StockMove): MovedStock {
  const wanted = stock.onHand + move.onHand;
  const onHand = Math.max(0, wanted);
  const claims = Math.max(0, stock.reserved + stock.short + move.claims);
  const reserved = Math.min(onHand, claims);
  return { stock: { onHand, reserved, short: claims - reserved }, beyond: Math.max(0, -wanted) };
}

/** An order handed over: its units leave the store and its claim ends. */
export const consumed = (milli: number): StockMove => ({ onHand: -milli, claims: -milli });

/** A counter sale reopened by a void: its units come back on hand, and it claims them again. */
export const returned = (milli: number): StockMove => ({ onHand: milli, claims: milli });

/** An order canceled: its claim ends, nothing leaves; only units it held become available again. */
export const released = (milli: number): StockMove => ({ onHand: 0, claims: -milli });

/**
 * What a move did that the store has not been told of yet, in thousandths: `short`, how much more
 * open orders now hold beyond what is on hand; `sold`, how many units left beyond what was on hand
 * and beyond the shortfall already known (units an order short of them took are that shortfall).
 */
export function newShortfall(before: PackageStock, after: MovedStock): { short: number; sold: number } {
  const short = Math.max(0, after.stock.short - before.short);
  const known = Math.max(0, before.short - after.stock.short);
  return { short, sold: Math.max(0, after.beyond - known) };
}
