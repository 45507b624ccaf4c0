import { Type, type Static } from 'typebox';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.js';
import { DecimalAmount, SuccessFields } from '../../../shared/contracts/common.js';
import { Count, DayMinutes, Milligrams, Percent, PercentSum, Quantity, Weight } from '../../../shared/numbers.js';
import { AddressSchema } from '../../../shared/contracts/ticket.js';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './catalog-query.js';

const Uuid = Type.String({ format: 'uuid' });

export const DispensaryParams = Type.Object({
  // Not pattern-checked: a name no dispensary can have is simply not found (404), as for tickets.
  dispensaryShortName: Type.String({ description: 'Short name of the dispensary: kebab case, at most 10 characters' }),
});

export const CatalogQuerystring = Type.Object({
  search: Type.Optional(
    Type.String({
      maxLength: 100,
      description: 'Words to find in name, brand, type, subtype, SKU, barcodes or package label',
    }),
  ),
  type: Type.Optional(Type.String({ maxLength: 40, description: `One category: ${PRODUCT_TYPES.join(', ')}` })),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  cursor: Type.Optional(
    Type.String({ maxLength: 1000, description: 'nextCursor of the previous page, asked with the same filters' }),
  ),
});
export type CatalogQuerystring = Static<typeof CatalogQuerystring>;

/** A catalog product as the API renders it: ticket-item names and forms, money as decimal strings. */
export const CatalogItem = Type.Object({
  productId: Uuid,
  sku: Type.Union([Type.String(), Type.Null()]),
  type: Type.String(),
  subtype: Type.String(),
  brand: Type.String(),
  name: Type.String(),
  size: Type.String(),
  weight: Weight(),
  unitType: Type.String(),
  barcodes: Type.String({ description: 'Comma-separated; may be empty' }),
  deli: Type.Boolean({ description: 'Weighed at the counter and sold by the gram' }),
  cannabisWeightMg: Type.Union([Milligrams(), Type.Null()], {
    description:
      'Cannabis weight of one unit in milligrams: net weight of flower and pre-rolls, the concentrate in ' +
      'concentrates, vapes and infused products; what purchase limits count. Null when the catalog lacks it ' +
      'and for accessories; for deli items the weight sold counts, and this is null.',
  }),
  thcMg: Type.Union([Milligrams(), Type.Null()], {
    description: 'Total THC of one unit in milligrams (of one gram for deli items); null when not known',
  }),
  price: { ...DecimalAmount, description: 'Price of one unit (one gram for deli items) before the promotion' },
  priceSell: { ...DecimalAmount, description: 'Price of one unit after the promotion' },
  discountPercent: Percent(),
  discountDescription: Type.String(),
  taxClass: Type.String(),
  taxPercent: PercentSum('All rates of the tax class together, e.g. 23.25'),
  packageId: Uuid,
  unitId: Uuid,
  packageLabel: Type.String(),
  locationId: Uuid,
  quantityOnHand: Quantity(),
  quantityAvailable: Quantity('On hand minus what open orders have reserved'),
  inStock: Type.Boolean(),
  tags: Type.Array(Type.String(), {
    description: 'The store’s words for it that deals may be for ("staff-pick"), as its managers typed them',
  }),
});
export type CatalogItem = Static<typeof CatalogItem>;

export const CatalogPageResponse = Type.Object({
  ...SuccessFields,
  items: Type.Array(CatalogItem),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const CategoriesResponse = Type.Object({
  ...SuccessFields,
  categories: Type.Array(Type.Object({ type: Type.String(), count: Count(), inStock: Count() })),
});

const Hours = Type.Union([Type.Object({ open: Type.String(), close: Type.String() }), Type.Null()]);

export const StoreResponse = Type.Object({
  ...SuccessFields,
  dispensary: Type.Object({
    id: Uuid,
    shortName: Type.String(),
    name: Type.String(),
    timezone: Type.String({ description: 'IANA time zone of the opening hours' }),
    preparationMinutes: DayMinutes(),
    openingHours: Type.Array(Hours, {
      minItems: 7,
      maxItems: 7,
      description: 'Local hours, Sunday first; null on a closed day',
    }),
    address: AddressSchema,
    locationId: Uuid,
    loyalty: Type.Object(
      {
        enabled: Type.Boolean({ description: 'Whether the store\'s loyalty programme is on (README "Loyalty")' }),
        pointsPerRewardDollar: Type.Integer({
          minimum: 1,
          maximum: 10_000,
          description: 'Points one reward dollar costs',
        }),
      },
      {
        description: 'What a register or a shop needs of the loyalty programme: reward dollars draw on points when on',
      },
    ),
    taxes: Type.Array(
      Type.Object({
        code: Type.String(),
        name: Type.String(),
        percent: PercentSum('All its rates together, e.g. 7.25'),
        rates: Type.Array(Type.Object({ name: Type.String(), percent: Percent('Percent, e.g. 7.25') })),
      }),
    ),
  }),
});
export type StoreResponse = Static<typeof StoreResponse>;
