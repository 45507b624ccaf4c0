import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { ProductCreateSchema } from './products.js';
import { Count, Quantity } from '../numbers.js';

/**
 * Receiving a delivery (README "Receiving"): `/v2.0/dispensary/<short>/setup/inventory/receipts…`
 * and `servicepay inventory receive FILE`, with `--json` printing the same shapes. A manifest is the
 * shipper's transfer in the state system's shape (shared/inventory/manifest.ts reads Metrc's JSON,
 * ours, and CSV); quantities are in the package's unit (units, or grams), prices in cents.
 */

/** A manifest as a file (`format`, `text`) or as an object in Metrc's or our JSON shape (`manifest`). */
const ManifestSource = {
  format: Type.Optional(Type.Enum(['csv', 'json'], { description: 'The file’s format, with text' })),
  text: Type.Optional(Type.String({ maxLength: 6 * 1024 * 1024, description: 'The whole file, with format' })),
  manifest: Type.Optional(
    Type.Unknown({ description: 'The manifest as JSON (Metrc’s transfer, or ours: manifestNumber, packages…)' }),
  ),
};

/** `POST …/inventory/receipts/preview`: the manifest read and checked, each package's product suggested. */
export const ReceiptPreviewRequestSchema = Type.Object(ManifestSource, { additionalProperties: false });
export type ReceiptPreviewRequest = Static<typeof ReceiptPreviewRequestSchema>;

export const ManifestProblemSchema = Type.Object({
  /** Where, in words: `packages[3].quantity`, or `row 5, column "Shipped Qty"`. */
  where: Type.String(),
  message: Type.String(),
  /** The package it is about, counted from 0, when it is about one. */
  package: Type.Optional(Count()),
  /** The manifest's field it is about (`quantity`, `manifestNumber`…), for a form to say it beside. */
  field: Type.Optional(Type.String()),
});

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const ManifestPackageViewSchema = Type.Object({
  label: Type.String(),
  itemName: Type.String(),
  quantity: Quantity('What was shipped, in units or grams'),
  unit: Type.Enum(['each', 'grams', 'milliliters']),
  wholesaleCents: Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Null()]),
  packagedOn: Nullable(Type.String()),
  expiresOn: Nullable(Type.String()),
  strain: Nullable(Type.String()),
  category: Nullable(Type.String()),
  /** The catalog products it may be, the likeliest first (score 0–1). */
  suggestions: Type.Array(
    Type.Object({
      productId: Type.String(),
      name: Type.String(),
      sku: Type.Union([Type.String(), Type.Null()]),
      score: Type.Number({ minimum: 0, maximum: 1 }),
      /**
       * Why this product cannot take the package, in words ("sells by the unit, but this package is
       * counted in grams"), or null when it can: one that cannot is offered, never taken.
       */
      cannotTake: Nullable(Type.String()),
    }),
  ),
  /**
   * The name of the store of the organization where a package with this tag (in any case) already
   * is, or null: it cannot be received twice.
   */
  tagInStockAt: Nullable(Type.String()),
});
export type ManifestPackageView = Static<typeof ManifestPackageViewSchema>;

export const ReceiptPreviewSchema = Type.Object({
  ...SuccessFields,
  /** The manifest read (null when it has problems): send it back, as it is, to receive it. */
  manifest: Type.Union([
    Type.Object({
      manifestNumber: Type.String(),
      shipperLicense: Type.String(),
      shipperName: Nullable(Type.String()),
      packages: Type.Array(ManifestPackageViewSchema),
    }),
    Type.Null(),
  ]),
  /** Why it cannot be read: every problem found (at most 50, the last saying how many more). */
  problems: Type.Array(ManifestProblemSchema),
  /** When the manifest was received already (at a store of the organization), in words; else null. */
  receivedAlready: Nullable(Type.String()),
  /** The same, for a screen to say in the store's time: the store and the moment (ISO) it was received; else null. */
  receivedBefore: Type.Union([Type.Object({ storeName: Type.String(), at: Type.String() }), Type.Null()]),
});
export type ReceiptPreview = Static<typeof ReceiptPreviewSchema>;

const product = ProductCreateSchema.properties;

/**
 * A product created with the delivery for a package (instead of `productId`): the fields the product
 * API takes (ProductCreateSchema), its price and tax class at least; what is left out comes from the
 * package's row (shared/inventory/new-product.ts): its name is the item's, its SKU the package's tag.
 */
export const ReceiptNewProductSchema = Type.Object(
  {
    ...product,
    sku: Type.Optional(product.sku),
    name: Type.Optional(product.name),
    type: Type.Optional(product.type),
  },
  { additionalProperties: false },
);
export type ReceiptNewProduct = Static<typeof ReceiptNewProductSchema>;

/** The longest reason a package is refused for. */
export const REFUSED_REASON_MAX = 200;

/** What is done with one package of the manifest: received as a product (one it has, or a new one), or refused with a reason. */
export const ReceiptDecisionSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 40, description: 'The package’s state tag' }),
    productId: Type.Optional(Type.String({ maxLength: 64, description: 'The product it is (id or SKU)' })),
    create: Type.Optional(ReceiptNewProductSchema),
    received: Type.Optional(Quantity('What arrived, when less than shipped (a shortage)')),
    refused: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: REFUSED_REASON_MAX,
        description: 'Why the package is refused (not received)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ReceiptDecision = Static<typeof ReceiptDecisionSchema>;

/** `POST …/inventory/receipts`: the manifest accepted, every package at once or none. */
export const ReceiptRequestSchema = Type.Object(
  {
    ...ManifestSource,
    room: Type.String({ minLength: 1, maxLength: 60, description: 'Where the packages go: a room or Sales floor' }),
    packages: Type.Array(ReceiptDecisionSchema, { maxItems: 2000, description: 'One decision per package' }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ReceiptRequest = Static<typeof ReceiptRequestSchema>;

export const ReceiptLineSchema = Type.Object({
  label: Type.String(),
  itemName: Type.String(),
  unit: Type.String(),
  shipped: Quantity('Shipped'),
  received: Quantity('Received (0 when refused)'),
  /** Shipped less received, for a package received short. */
  shortage: Quantity('Short'),
  productId: Nullable(Type.String()),
  productName: Nullable(Type.String()),
  packageId: Nullable(Type.String()),
  /** What one unit (or gram) cost, from the wholesale price; null when not given. */
  unitCostCents: Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Null()]),
  refused: Nullable(Type.String()),
});

export const ReceiptViewSchema = Type.Object({
  receiptId: Type.String(),
  manifestNumber: Type.String(),
  shipperLicense: Type.String(),
  shipperName: Nullable(Type.String()),
  room: Type.String({ description: 'Where the packages went, by name' }),
  accepted: Count(),
  refused: Count(),
  short: Count('Packages received short'),
  note: Type.String(),
  /** Who received it: the username, or `operator` for the command line. */
  by: Type.String(),
  /** Their display name as it is now, which people read; null when `by` is no user. */
  byName: Nullable(Type.String()),
  at: Type.String(),
  storeDay: Type.String(),
  lines: Type.Array(ReceiptLineSchema),
});
export type ReceiptView = Static<typeof ReceiptViewSchema>;

export const ReceiptAnswerSchema = Type.Object({ ...SuccessFields, receipt: ReceiptViewSchema });
