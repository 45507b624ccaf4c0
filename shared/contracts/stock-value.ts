import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Count, Milli, SAFE_MAX } from '../numbers.js';

/**
 * `GET /v2.0/dispensary/<short>/setup/inventory/value` and `servicepay inventory value`: what a
 * store's stock on hand is worth, at cost and at its prices, by category (README "Stock value").
 */
/** Cents of a whole stock: more than one sale's amount may be. */
const Cents = (description: string) => Type.Integer({ minimum: 0, maximum: SAFE_MAX, description });

const ValueFields = {
  /** Products of the category with stock on hand. */
  products: Count(),
  /** The stock on hand, in thousandths of the products' units (grams for weighed products). */
  quantityMilli: Milli(),
  costCents: Cents('At what the stock whose cost is known cost the store; the rest adds nothing'),
  retailCents: Cents("At the products' prices, before promotions"),
  /** Of `products`, those none of whose stock on hand has a known cost (the rest have one, on some of it at least). */
  withoutCost: Count(),
  /** Of `quantityMilli`, the stock in packages whose cost is not known (of any product): not in `costCents`. */
  quantityWithoutCostMilli: Milli(),
  /** Of `retailCents`, that stock's. */
  retailWithoutCostCents: Cents('Of retailCents, the stock whose cost is not known'),
};

export const StockValueLineSchema = Type.Object({
  /** The category (product type) as stored: FLOWER, EDIBLE… */
  category: Type.String(),
  /** The category in words: Flower, Edibles… */
  categoryName: Type.String(),
  ...ValueFields,
});
export type StockValueLine = Static<typeof StockValueLineSchema>;

export const StockValueSchema = Type.Object({
  ...SuccessFields,
  dispensaryShortName: Type.String(),
  /** When it was read (ISO 8601). */
  asOf: Type.String(),
  /** By category, the most valuable at retail first. */
  categories: Type.Array(StockValueLineSchema),
  /** The store's whole stock: each amount the sum of the categories'. */
  total: Type.Object(ValueFields),
});
export type StockValue = Static<typeof StockValueSchema>;
