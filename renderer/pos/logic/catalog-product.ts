/**
 * A product of `GET /v2.0/dispensary/<short>/catalog`, as the POS uses it. The service's catalog
 * schema is the source of truth; this names the fields read here (money as decimal strings).
 */
export interface CatalogProduct {
  productId: string;
  sku: string | null;
  type: string;
  subtype: string;
  brand: string;
  name: string;
  size: string;
  unitType: string;
  barcodes: string;
  deli: boolean;
  /** Cannabis weight of one unit in mg, as the purchase limits count it; null when the catalog lacks it. */
  cannabisWeightMg: number | null;
  /** THC of one unit (of one gram for a deli item) in mg; null when the catalog lacks it. */
  thcMg: number | null;
  price: string;
  priceSell: string;
  discountDescription: string;
  packageLabel: string;
  quantityAvailable: number;
  inStock: boolean;
}

export interface CatalogPage {
  items: CatalogProduct[];
  nextCursor: string | null;
}

export interface Category {
  type: string;
  count: number;
}
