import { Type } from 'typebox';
import {
  ProductAnswerSchema,
  ProductCreateSchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductPatchSchema,
  type ProductCreate,
  type ProductListQuery,
  type ProductPatch,
} from '../../../shared/contracts/products.js';
import { success, type setupRoutes } from '../dispensaries/setup-route.js';
import type { ProductAdmin } from './product-admin.js';

const ProductParams = { productId: Type.String({ maxLength: 64, description: 'The product id, or its SKU' }) };

/** A store's products, under `/v2.0/dispensary/<short>/setup/products` (`store:manage`: managers and admins). */
export function registerProductRoutes(route: ReturnType<typeof setupRoutes>, products: ProductAdmin): void {
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
}
