import type { ProductView } from '../../../shared/contracts/products';
import { parseDecimal } from '../../../shared/money';
import type { ProductFilters } from './product-filters';

/**
 * A product of the store's catalog (`GET /v2.0/dispensary/<short>/catalog`, README "Catalog"), the
 * fields the back office shows. A cashier cannot read the products' set-up (`store:manage`), but
 * reads the catalog, as the POS does: their product list is this.
 */
export interface CatalogRow {
  productId: string;
  sku: string | null;
  type: string;
  subtype: string;
  brand: string;
  name: string;
  size: string;
  weight: number;
  unitType: string;
  barcodes: string;
  deli: boolean;
  cannabisWeightMg: number | null;
  thcMg: number | null;
  price: string;
  discountPercent: number;
  discountDescription: string;
  taxClass: string;
  packageId: string;
  packageLabel: string;
  quantityOnHand: number;
  quantityAvailable: number;
  inStock: boolean;
}

/** A page of the catalog. */
export interface CatalogRowPage {
  items: CatalogRow[];
  nextCursor: string | null;
}

/** A catalog product as a row of the product list (what the catalog does not say left blank). */
export function productOfCatalog(item: CatalogRow): ProductView {
  return {
    productId: item.productId,
    sku: item.sku,
    name: item.name,
    brand: item.brand,
    type: item.type,
    subtype: item.subtype,
    size: item.size,
    weight: item.weight,
    unitType: item.unitType,
    deli: item.deli,
    priceCents: parseDecimal(item.price) ?? 0,
    unitCostCents: null,
    priceBreaks: [],
    taxClass: item.taxClass,
    cannabisWeightMg: item.cannabisWeightMg,
    thcMg: item.thcMg,
    cbdMg: null,
    limitCategory: null,
    barcodes: item.barcodes ? item.barcodes.split(',') : [],
    packageId: item.packageId,
    packageLabel: item.packageLabel,
    discountPercent: item.discountPercent,
    discountDescription: item.discountDescription,
    lowStockThreshold: null,
    tags: [],
    quantityOnHand: item.quantityOnHand,
    quantityAvailable: item.quantityAvailable,
    stock: item.inStock ? 'in_stock' : 'out',
    archived: false,
    createdAt: '',
    updatedAt: '',
  };
}

/** The catalog's query for the list's search and category (the catalog has no other filter). */
export function catalogQuery(filters: ProductFilters, limit: number, cursor?: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search.trim()) params.set('search', filters.search.trim().slice(0, 100));
  if (filters.type) params.set('type', filters.type);
  params.set('limit', String(Math.min(limit, 200)));
  if (cursor) params.set('cursor', cursor);
  return params;
}
