import type { StockLevel } from '../contracts/products.js';
import type { MilliQuantity } from '../quantity.js';

/**
 * Where a product's stock stands: out when nothing is available (on hand minus what open orders
 * hold), low when what is available is at or under its low-stock threshold, else in stock. A
 * product without a threshold is never low. The product list's filter (products/product-list.ts)
 * says the same in SQL.
 */
export function stockLevel(availableMilli: MilliQuantity, lowStockMilli: MilliQuantity | null): StockLevel {
  if (availableMilli <= 0) return 'out';
  if (lowStockMilli !== null && availableMilli <= lowStockMilli) return 'low';
  return 'in_stock';
}
