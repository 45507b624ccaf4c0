import { Type } from 'typebox';
import {
  ProductAnswerSchema,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductPatchSchema,
  ProductTagsSchema,
  type ProductCreate,
  type ProductListQuery,
  type ProductPatch,
} from '../../../shared/contracts/products.js';
import {
  ProductLabelRequestSchema,
  ProductLabelResultSchema,
  type ProductLabelRequest,
} from '../../../shared/contracts/product-labels.js';
import {
  CopyTargetsSchema,
  ProductCopyAnswerSchema,
  ProductCopyRequestSchema,
  type ProductCopyRequest,
} from '../../../shared/contracts/product-copies.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { ProductAdmin } from './product-admin.js';
import type { ProductCopies } from './product-copies.js';
import type { ProductLabels } from './product-labels.js';

const ProductParams = { productId: Type.String({ maxLength: 64, description: 'The product id, or its SKU' }) };

/**
 * A store's products, under `/v2.0/dispensary/<short>/setup/products` (`store:manage`: managers and
 * admins), and their shelf and package labels.
 */
export function registerProductRoutes(
  route: ReturnType<typeof setupRoutes>,
  products: ProductAdmin,
  labels: ProductLabels,
  copies: ProductCopies,
): void {
  route(
    {
      method: 'GET',
      path: '/products',
      summary: 'List the store’s products by name: search, filter by category, brand, stock or archived, page',
      querystring: ProductListQuerySchema,
      response: ProductPageSchema,
    },
    async ({ actor, params, query }) =>
      success(await products.list(actor, params.dispensaryShortName, query as ProductListQuery)),
  );
  route(
    {
      method: 'GET',
      path: '/product-tags',
      summary: 'Every tag the store’s products have, once each (any case), by name: what a deal may be for',
      response: ProductTagsSchema,
    },
    async ({ actor, params }) => success({ tags: await products.tags(actor, params.dispensaryShortName) }),
  );
  route<ProductCreate>(
    {
      method: 'POST',
      path: '/products',
      summary: 'Add a product (its package at the sales floor starts with no stock)',
      body: ProductCreateSchema,
      response: ProductAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ product: await products.create(actor, params.dispensaryShortName, body) }),
  );
  route(
    {
      method: 'GET',
      path: '/products/:productId',
      summary: 'One product, archived or not',
      params: ProductParams,
      response: ProductAnswerSchema,
    },
    async ({ actor, params }) =>
      success({ product: await products.get(actor, params.dispensaryShortName, params.productId!) }),
  );
  route<ProductPatch>(
    {
      method: 'PATCH',
      path: '/products/:productId',
      summary: 'Change fields of a product; orders already created keep their prices',
      params: ProductParams,
      body: ProductPatchSchema,
      response: ProductAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success({ product: await products.edit(actor, params.dispensaryShortName, params.productId!, body) }),
  );
  for (const [verb, summary] of [
    ['archive', 'Archive a product: out of the POS catalog and its sales (refused when archived already)'],
    ['unarchive', 'Bring an archived product back to the catalog'],
  ] as const) {
    route(
      {
        method: 'POST',
        path: `/products/:productId/${verb}`,
        summary,
        params: ProductParams,
        response: ProductAnswerSchema,
      },
      async ({ actor, params }) =>
        success({ product: await products[verb](actor, params.dispensaryShortName, params.productId!) }),
    );
  }
  route<ProductLabelRequest>(
    {
      method: 'POST',
      path: '/products/:productId/labels',
      summary: "Print a product's shelf or package labels on a register's receipt printer",
      description:
        'kind shelf: name, brand, size, price (a weighed product’s price breaks), THC and CBD. kind package: ' +
        'the sales floor package’s state tag as a Code 128 barcode and in words, its quantity, THC and CBD, ' +
        'the store, its licence and the date. copies 1 to 50 (default 1); printer: the register whose printer ' +
        'prints them, which may be left out when the store has one printer. printed: false with a problem ' +
        'when the printer did not take them.',
      params: ProductParams,
      body: ProductLabelRequestSchema,
      response: ProductLabelResultSchema,
    },
    async ({ actor, params, body }) => labels.print(actor, params.dispensaryShortName, params.productId!, body),
  );
  route(
    {
      method: 'GET',
      path: '/products/:productId/copy',
      summary: 'The other stores of the organization a product may be copied to, and why one cannot take it now',
      params: ProductParams,
      response: CopyTargetsSchema,
    },
    async ({ actor, params }) =>
      success({ stores: await copies.targets(actor, params.dispensaryShortName, params.productId!) }),
  );
  route<ProductCopyRequest>(
    {
      method: 'POST',
      path: '/products/:productId/copy',
      summary: 'Copy a product to other stores of the organization (organization-wide managers), all or none',
      description:
        'Every field of the product and its price; its tax class by code in each store. No stock, tag, cost or ' +
        'promotion: stock is received per store. Refused in words, nothing written, when a store has the SKU or a ' +
        'barcode already, has no tax class of that code, or is of another organization.',
      params: ProductParams,
      body: ProductCopyRequestSchema,
      response: ProductCopyAnswerSchema,
    },
    async ({ actor, params, body }) =>
      success(await copies.copy(actor, params.dispensaryShortName, params.productId!, body.to)),
  );
}
