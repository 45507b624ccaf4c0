import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { AmountCents, Milligrams, Percent, Quantity, SignedQuantity, Weight } from '../numbers.js';

/**
 * A store's products managed by hand (README "Products"): `/v2.0/dispensary/<short>/setup/products`
 * for managers, and `servicepay products …` with `--json`, which print the same shapes.
 */

/** How a product's stock stands against its low-stock threshold (shared/catalog/stock-level.ts). */
export const STOCK_LEVELS = ['in_stock', 'low', 'out'] as const;
export type StockLevel = (typeof STOCK_LEVELS)[number];

/** The most price breaks one product has. */
export const PRICE_BREAKS_MAX = 12;

/** The most tags one product has (shared/catalog/product-tags.ts checks them). */
export const TAGS_MAX = 20;

/** The longest tag, in characters. */
export const TAG_LENGTH_MAX = 40;

/** A weighed product's price for a set weight: 3.5 g (3500 mg) for 3000 cents. */
export const PriceBreakSchema = Type.Object(
  {
    weightMg: Type.Integer({
      minimum: 1,
      maximum: 1_000_000,
      description: 'The weight sold, in milligrams (3500: 3.5 g)',
    }),
    priceCents: AmountCents('The price of that weight, in cents'),
  },
  { additionalProperties: false },
);
export type PriceBreak = Static<typeof PriceBreakSchema>;

const Text = (maxLength: number, description: string) => Type.String({ maxLength, description });
const OrNull = <T extends ReturnType<typeof Milligrams>>(schema: T) => Type.Union([schema, Type.Null()]);

/** Every field a manager sets on a product; what a new one must have is in ProductCreateSchema. */
const fields = {
  sku: Type.String({ minLength: 1, maxLength: 64, description: 'Unique in the store; what an import matches on' }),
  name: Type.String({ minLength: 1, maxLength: 200 }),
  brand: Text(100, 'Brand, may be empty'),
  type: Type.String({
    minLength: 1,
    maxLength: 40,
    description:
      'The category: FLOWER, PREROLL, VAPE, EDIBLE… (as the import, any case; it decides the state limit category)',
  }),
  subtype: Text(100, 'The strain type or form (Indica, Sativa, Hybrid, Gummies…), may be empty'),
  size: Text(50, 'As the label says it: "3.5g", "10 pack"'),
  weight: Weight('The weight of one unit, in unitType'),
  unitType: Type.String({ minLength: 1, maxLength: 10, description: 'g, mg, oz, ml or each (deli items: g)' }),
  deli: Type.Boolean({ description: 'Weighed at the counter and sold by the gram' }),
  priceCents: AmountCents('Price of one unit (one gram for deli items), in cents'),
  unitCostCents: Type.Union([
    AmountCents('What one unit (one gram for deli items) cost the store, in cents; null: not known'),
    Type.Null(),
  ]),
  priceBreaks: Type.Array(PriceBreakSchema, {
    maxItems: PRICE_BREAKS_MAX,
    description: 'Weighed flower only: prices for set weights, each weight once',
  }),
  taxClass: Type.String({ minLength: 1, maxLength: 40, description: 'A tax class code of the store' }),
  cannabisWeightMg: OrNull(Milligrams('Cannabis weight of one unit in mg; null: not known')),
  thcMg: OrNull(Milligrams('THC of one unit in mg (per gram for deli items); null: not known')),
  cbdMg: OrNull(Milligrams('CBD of one unit in mg (per gram for deli items); null: not known')),
  barcodes: Type.Array(Type.String({ maxLength: 14 }), {
    maxItems: 20,
    description: 'GTIN-8, UPC-A, EAN-13 or GTIN-14 codes, each used by no other product of the store',
  }),
  packageLabel: Text(64, "The state's package tag of its stock at the sales floor, may be empty"),
  discountPercent: Percent('A promotion: percent off the price (at most 4 decimals; 0: none)'),
  discountDescription: Text(
    200,
    'The promotion in words, on the receipt ("10% off edibles"); default "<percent>% off"',
  ),
  lowStockThreshold: Type.Union([Quantity('Units (grams for deli items) at or under which it is low'), Type.Null()]),
  // Bounded loosely here: the service trims, drops blanks and repeats, then refuses in words (product-tags.ts).
  tags: Type.Array(Type.String({ maxLength: 200 }), {
    maxItems: 100,
    description:
      `The store's words for it that deals may be for ("staff-pick"): at most ${TAGS_MAX}, each 1 to ` +
      `${TAG_LENGTH_MAX} characters once trimmed, no comma; each once in any case`,
  }),
};

/** `POST …/setup/products`: a new product (no stock yet: it comes by import, later by receiving). */
export const ProductCreateSchema = Type.Object(
  {
    sku: fields.sku,
    name: fields.name,
    type: fields.type,
    priceCents: fields.priceCents,
    taxClass: fields.taxClass,
    brand: Type.Optional(fields.brand),
    subtype: Type.Optional(fields.subtype),
    size: Type.Optional(fields.size),
    weight: Type.Optional(fields.weight),
    unitType: Type.Optional(fields.unitType),
    deli: Type.Optional(fields.deli),
    unitCostCents: Type.Optional(fields.unitCostCents),
    priceBreaks: Type.Optional(fields.priceBreaks),
    cannabisWeightMg: Type.Optional(fields.cannabisWeightMg),
    thcMg: Type.Optional(fields.thcMg),
    cbdMg: Type.Optional(fields.cbdMg),
    barcodes: Type.Optional(fields.barcodes),
    packageLabel: Type.Optional(fields.packageLabel),
    discountPercent: Type.Optional(fields.discountPercent),
    discountDescription: Type.Optional(fields.discountDescription),
    lowStockThreshold: Type.Optional(fields.lowStockThreshold),
    tags: Type.Optional(fields.tags),
  },
  { additionalProperties: false },
);
export type ProductCreate = Static<typeof ProductCreateSchema>;

/** `PATCH …/setup/products/<id>`: the fields to change, at least one; the others stay. */
export const ProductPatchSchema = Type.Partial(Type.Object(fields), { additionalProperties: false, minProperties: 1 });
export type ProductPatch = Static<typeof ProductPatchSchema>;

/** A product as a manager sees it: every field, its stock at the sales floor and whether it is archived. */
export const ProductViewSchema = Type.Object({
  productId: Type.String(),
  sku: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  brand: Type.String(),
  type: Type.String(),
  subtype: Type.String(),
  size: Type.String(),
  weight: Weight(),
  unitType: Type.String(),
  deli: Type.Boolean(),
  priceCents: AmountCents(),
  unitCostCents: Type.Union([AmountCents(), Type.Null()]),
  priceBreaks: Type.Array(PriceBreakSchema),
  taxClass: Type.String(),
  cannabisWeightMg: OrNull(Milligrams()),
  thcMg: OrNull(Milligrams()),
  cbdMg: OrNull(Milligrams()),
  /** The state limit category it counts toward (from its type); null for a type the limits do not know. */
  limitCategory: Type.Union([Type.String(), Type.Null()]),
  barcodes: Type.Array(Type.String()),
  packageId: Type.String(),
  packageLabel: Type.String(),
  discountPercent: Percent(),
  discountDescription: Type.String(),
  lowStockThreshold: Type.Union([Quantity(), Type.Null()]),
  /** The store's words for it that deals may be for, as typed (matched in any case). */
  tags: Type.Array(Type.String()),
  /**
   * On the sales floor (where stock sells; a vault's or quarantine's packages are the product's
   * packages'). Below zero where registers sold offline more than the server held.
   */
  quantityOnHand: SignedQuantity(),
  /** On hand minus what open orders hold. */
  quantityAvailable: SignedQuantity(),
  stock: Type.Enum(STOCK_LEVELS),
  archived: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type ProductView = Static<typeof ProductViewSchema>;

/** One product's answer. */
export const ProductAnswerSchema = Type.Object({ ...SuccessFields, product: ProductViewSchema });
export type ProductAnswer = Static<typeof ProductAnswerSchema>;

/** `GET …/setup/products`: search, filters and a page. */
export const ProductListQuerySchema = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Words found in the name, brand, SKU or barcodes' }),
    ),
    type: Type.Optional(Type.String({ maxLength: 40, description: 'One category, e.g. FLOWER' })),
    brand: Type.Optional(Type.String({ maxLength: 100, description: 'One brand (any case)' })),
    stock: Type.Optional(Type.Enum(STOCK_LEVELS, { description: 'in_stock, low or out' })),
    archived: Type.Optional(Type.Boolean({ description: 'true: archived products only (default: the others)' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Page size (default 50)' })),
    cursor: Type.Optional(
      Type.String({ maxLength: 1000, description: 'nextCursor of the previous page, asked with the same filters' }),
    ),
  },
  { additionalProperties: false },
);
export type ProductListQuery = Static<typeof ProductListQuerySchema>;

/** A page of products, by name, and the cursor of the next (null on the last). */
export const ProductPageSchema = Type.Object({
  ...SuccessFields,
  products: Type.Array(ProductViewSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type ProductPage = Static<typeof ProductPageSchema>;

/** `GET …/setup/product-tags`: every tag the store's products have (archived ones too), once each, by name. */
export const ProductTagsSchema = Type.Object({ ...SuccessFields, tags: Type.Array(Type.String()) });
export type ProductTags = Static<typeof ProductTagsSchema>;
