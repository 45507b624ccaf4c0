import { Type, type Static } from 'typebox';
import { SuccessFields } from './common.js';
import { ProductViewSchema } from './products.js';

/**
 * A product copied to other stores of its organization (README "Products"):
 * `…/setup/products/<id or SKU>/copy` and `servicepay products copy`, for organization-wide managers.
 */

/** The most stores one copy goes to. */
export const MAX_COPY_STORES = 50;

/** `POST …/products/<id or SKU>/copy`: the stores (short names) it is copied to, all or none. */
export const ProductCopyRequestSchema = Type.Object(
  {
    to: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: MAX_COPY_STORES,
      description: 'Short names of stores of the same organization, e.g. ["demo-2"]',
    }),
  },
  { additionalProperties: false },
);
export type ProductCopyRequest = Static<typeof ProductCopyRequestSchema>;

/** One store's copy: the store, and the new product there (no stock: stock is received per store). */
export const ProductCopySchema = Type.Object({
  dispensaryShortName: Type.String(),
  dispensaryName: Type.String(),
  product: ProductViewSchema,
});
export type ProductCopy = Static<typeof ProductCopySchema>;

/** The product copied, and its copy at each store. */
export const ProductCopyAnswerSchema = Type.Object({
  ...SuccessFields,
  product: ProductViewSchema,
  copies: Type.Array(ProductCopySchema),
});
export type ProductCopyAnswer = Static<typeof ProductCopyAnswerSchema>;

/** A store a product may be copied to, and in words why it cannot take it now (null: it can). */
export const CopyTargetSchema = Type.Object({
  dispensaryShortName: Type.String(),
  dispensaryName: Type.String(),
  problem: Type.Union([Type.String(), Type.Null()]),
});
export type CopyTarget = Static<typeof CopyTargetSchema>;

/** `GET …/products/<id or SKU>/copy`: the organization's other stores, by name. */
export const CopyTargetsSchema = Type.Object({ ...SuccessFields, stores: Type.Array(CopyTargetSchema) });
export type CopyTargets = Static<typeof CopyTargetsSchema>;
