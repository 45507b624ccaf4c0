import { invalidInput } from '../../../shared/errors.js';

/** What a catalog screen asks for: free text, a category, a page size and where the last page ended. */
export interface CatalogQuery {
  /** Words that must all appear in the name, brand, type, subtype, SKU, barcodes or package label. */
  search?: string;
  /** One product type (category), e.g. FLOWER. */
  type?: string;
  /** Page size, 1 to 200 (default 50). */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** Where a page ended in the catalog's order (case-insensitive name, then id). */
export interface CursorKey {
  name: string;
  id: string;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify([key.name, key.id]), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): CursorKey {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'string')) {
      return { name: value[0] as string, id: value[1] as string };
    }
  } catch {
    // fall through: not one of ours
  }
  throw invalidInput('cursor', 'is not a nextCursor of an earlier page');
}

/** Lower-cased search words with LIKE wildcards escaped, at most 8 of them. */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`);
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw invalidInput('limit', `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return limit;
}

/** Columns of the catalog read model; the product, its package at one location, and its tax. */
export const CATALOG_COLUMNS = `
  p.id AS productId, p.sku, p.type, p.subtype, p.brand, p.name, p.size, p.weight, p.unit_type AS unitType,
  p.barcodes, p.deli, c.code AS taxClass,
  (SELECT COALESCE(SUM(r.rate_ppm), 0) FROM tax_rates r WHERE r.tax_class_id = p.tax_class_id) AS taxRatePpm,
  k.id AS packageId, k.unit_id AS unitId, k.label AS packageLabel, k.location_id AS locationId,
  k.price_cents AS priceCents, k.discount_ppm AS discountPpm, k.discount_description AS discountDescription,
  k.on_hand_milli AS onHandMilli, k.on_hand_milli - k.reserved_milli AS availableMilli, p.updated_at AS updatedAt`;

export const CATALOG_FROM = `
  FROM products p
  JOIN packages k ON k.product_id = p.id AND k.location_id = @locationId
  JOIN tax_classes c ON c.id = p.tax_class_id`;

/** Text searched by the words: every searchable field, space-separated (words hold no spaces). */
const HAYSTACK = `lower(p.name || ' ' || p.brand || ' ' || p.type || ' ' || p.subtype || ' ' || COALESCE(p.sku, '')
  || ' ' || p.barcodes || ' ' || k.label)`;

/** The SQL of one page for a query of this shape; parameters are named (see CatalogRepository). */
export function searchSql(shape: { terms: number; type: boolean; cursor: boolean }): string {
  const where = ['p.dispensary_id = @dispensaryId', 'p.active = 1'];
  for (let i = 0; i < shape.terms; i += 1) where.push(`${HAYSTACK} LIKE @term${i} ESCAPE '\\'`);
  if (shape.type) where.push('p.type = @type');
  if (shape.cursor) where.push('(lower(p.name) > @afterName OR (lower(p.name) = @afterName AND p.id > @afterId))');
  return `SELECT ${CATALOG_COLUMNS}, lower(p.name) AS sortName ${CATALOG_FROM}
    WHERE ${where.join(' AND ')}
    ORDER BY lower(p.name), p.id LIMIT @limit`;
}
