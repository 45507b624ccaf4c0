import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { Count, SAFE_MAX } from '../numbers.js';

/**
 * `GET /v2.0/dispensary/<short>/setup/inventory/value` and `servicepay inventory value`: what a
 * store's stock on hand is worth, at cost and at its prices, by category (README "Stock value").
 */
/** Cents of a whole stock: more than one sale's amount may be. */
const Cents = (description: string) => Type.Integer({ minimum: 0, maximum: SAFE_MAX, description });

const ValueFields = {
  /** Products of the category with stock on hand. */
  products: Count(),
  costCents: Cents('At what the stock cost the store; products whose cost is not known add nothing'),
  retailCents: Cents("At the products' prices, before promotions"),
  /** Products with stock on hand whose cost is not known. */
  withoutCost: Count(),
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
