/**
 * What a catalog product is: its `type`, as stored, as the API renders it (`type` of a ticket item)
 * and as the purchase limits count it. Pure TS, so the server, the POS and the compliance module
 * read one list. The spec leaves the enumeration open ("not shown"); this one is ours.
 */

/** Product categories. IMMATURE_PLANT: clones and seedlings, counted by the plant. */
export const PRODUCT_TYPES = [
  'FLOWER',
  'PREROLL',
  'VAPE',
  'EDIBLE',
  'BEVERAGE',
  'CONCENTRATE',
  'TINCTURE',
  'TOPICAL',
  'CAPSULE',
  'IMMATURE_PLANT',
  'ACCESSORY',
] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The types that hold no cannabis: no package tag, no cannabis weight, no purchase limit. */
export const NON_CANNABIS_TYPES: readonly ProductType[] = ['ACCESSORY'];

/** Category names people write, to the stored type: "Pre-Rolls" → PREROLL, "edibles" → EDIBLE. */
const TYPE_ALIASES = new Map<string, ProductType>([
  ...PRODUCT_TYPES.flatMap((type) => {
    const key = type.replace(/_/g, '');
    return [[key, type] as const, [`${key}S`, type] as const];
  }),
  ['ACCESSORIES', 'ACCESSORY'],
  ['CARTRIDGE', 'VAPE'],
  ['CARTRIDGES', 'VAPE'],
  ['EXTRACT', 'CONCENTRATE'],
  ['EXTRACTS', 'CONCENTRATE'],
  ['CLONE', 'IMMATURE_PLANT'],
  ['CLONES', 'IMMATURE_PLANT'],
  ['SEEDLING', 'IMMATURE_PLANT'],
  ['SEEDLINGS', 'IMMATURE_PLANT'],
]);

/** The product type a person meant ("pre-rolls", "Edibles", "immature plants"), or undefined. */
export function productTypeFrom(text: string): ProductType | undefined {
  return TYPE_ALIASES.get(text.toUpperCase().replace(/[\s_-]/g, ''));
}

export function isProductType(value: string): value is ProductType {
  return (PRODUCT_TYPES as readonly string[]).includes(value);
}

/** False only for the non-cannabis types (accessories): an unknown type is treated as cannabis. */
export function isCannabisType(type: string): boolean {
  return !(NON_CANNABIS_TYPES as readonly string[]).includes(type);
}
