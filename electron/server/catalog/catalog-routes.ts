import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCT_TYPES, productTypeFrom } from '../../../shared/catalog/product-types.js';
import { failures } from '../../../shared/contracts/common.js';
import { invalidInput } from '../../../shared/errors.js';
import { applyRate, formatDecimal } from '../../../shared/money.js';
import { fromMilli } from '../../../shared/quantity.js';
import type { AuthService } from '../auth/auth-service.js';
import type { ServiceContext } from '../core/context.js';
import { dispensaryInScope } from '../dispensaries/dispensary-scope.js';
import { CatalogRepository, type CatalogProduct } from './catalog-repository.js';
import {
  CatalogPageResponse,
  CatalogQuerystring,
  CategoriesResponse,
  DispensaryParams,
  StoreResponse,
  type CatalogItem,
} from './catalog-schemas.js';
import { DispensaryRepository } from '../dispensaries/dispensary-repository.js';
import { TaxRepository } from './tax-repository.js';
import { describedBy } from './product-fields.js';

const percent = (ppm: number) => ppm / 10_000;

/**
 * A catalog product in the API's form, field by field in the order the answer always had (as
 * `toProduct`: an object rest and spread cost about 10 µs a product).
 */
export function toCatalogItem(product: CatalogProduct): CatalogItem {
  const { priceCents, discountPpm, taxRatePpm, availableMilli } = product;
  return {
    productId: product.productId,
    sku: product.sku,
    ...describedBy(product),
    cannabisWeightMg: product.cannabisWeightMg,
    thcMg: product.thcMg,
    taxClass: product.taxClass,
    packageId: product.packageId,
    unitId: product.unitId,
    packageLabel: product.packageLabel,
    locationId: product.locationId,
    discountDescription: product.discountDescription,
    deli: product.deli,
    tags: product.tags,
    price: formatDecimal(priceCents),
    priceSell: formatDecimal(priceCents - applyRate(priceCents, discountPpm)),
    discountPercent: percent(discountPpm),
    taxPercent: percent(taxRatePpm),
    quantityOnHand: fromMilli(product.onHandMilli),
    quantityAvailable: fromMilli(availableMilli),
    inStock: availableMilli > 0,
  };
}

/**
 * The catalog and store information of a dispensary, for POS screens and ecommerce integrators:
 * bearer token with `ticket:read`, and only for the principal's own organization.
 */
export function registerCatalogRoutes(app: FastifyInstance, ctx: ServiceContext, auth: AuthService): void {
  const dispensaries = new DispensaryRepository(ctx.db);
  const catalog = new CatalogRepository(ctx.db);
  const taxes = new TaxRepository(ctx.db);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = auth.guard({ permission: 'ticket:read' });
  const common = { tags: ['catalog'], params: DispensaryParams, security: [{ bearer: [] }] };

  const scope = (request: FastifyRequest<{ Params: { dispensaryShortName: string } }>) =>
    dispensaryInScope(dispensaries, request.params.dispensaryShortName, request);

  api.get(
    '/v2.0/dispensary/:dispensaryShortName/catalog',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Search the catalog of a dispensary (products with their package, price and stock)',
        querystring: CatalogQuerystring,
        response: { 200: CatalogPageResponse, ...failures(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const dispensary = await scope(request);
      const { search, limit, cursor } = request.query;
      const type = request.query.type === undefined ? undefined : productTypeFrom(request.query.type);
      if (request.query.type !== undefined && !type) {
        throw invalidInput('type', `must be one of ${PRODUCT_TYPES.join(', ')}`);
      }
      const page = await catalog.search(ctx.db, dispensary.id, dispensary.primaryLocationId, {
        search,
        type,
        limit,
        cursor,
      });
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        items: page.items.map(toCatalogItem),
        nextCursor: page.nextCursor,
      };
    },
  );

  api.get(
    '/v2.0/dispensary/:dispensaryShortName/catalog/categories',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Product categories of a dispensary with counts',
        response: { 200: CategoriesResponse, ...failures(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const dispensary = await scope(request);
      const categories = await catalog.categories(ctx.db, dispensary.id, dispensary.primaryLocationId);
      return { resultCode: 'SUCCESS' as const, resultReason: null, categories };
    },
  );

  api.get(
    '/v2.0/dispensary/:dispensaryShortName',
    {
      onRequest,
      schema: {
        ...common,
        summary: 'Store information: name, address, opening hours, time zone, taxes',
        response: { 200: StoreResponse, ...failures(401, 403, 404, 429) },
      },
    },
    async (request) => {
      const dispensary = await scope(request);
      const { id, shortName, name, timezone, preparationMinutes, openingHours, address } = dispensary;
      const taxClasses = (await taxes.listForDispensary(ctx.db, id)).map((taxClass) => ({
        code: taxClass.code,
        name: taxClass.name,
        percent: percent(taxClass.totalPpm),
        rates: taxClass.rates.map((rate) => ({ name: rate.name, percent: percent(rate.ratePpm) })),
      }));
      return {
        resultCode: 'SUCCESS' as const,
        resultReason: null,
        dispensary: {
          id,
          shortName,
          name,
          timezone,
          preparationMinutes,
          openingHours,
          address,
          locationId: dispensary.primaryLocationId,
          loyalty: {
            enabled: dispensary.loyalty.enabled,
            pointsPerRewardDollar: dispensary.loyalty.pointsPerRewardDollar,
          },
          taxes: taxClasses,
        },
      };
    },
  );
}
