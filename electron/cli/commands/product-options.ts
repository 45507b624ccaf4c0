import type { Command } from 'commander';
import { PRODUCT_TYPES } from '../../../shared/catalog/product-types.js';
import { tagsOf } from '../../../shared/catalog/product-tags.js';
import type { PriceBreak, ProductPatch } from '../../../shared/contracts/products.js';
import { invalidInput } from '../../../shared/errors.js';
import { dollarsAsCents } from '../arguments.js';
import { AMOUNT_MAX_CENTS } from '../../../shared/numbers.js';

/** What `products create|edit` take, as commander reads them (each optional on `edit`); read in productFields. */
export interface ProductOptions {
  dispensary: string;
  sku?: string;
  name?: string;
  brand?: string;
  type?: string;
  strain?: string;
  size?: string;
  weight?: string;
  unit?: string;
  deli?: string;
  price?: string;
  cost?: string;
  priceBreak?: string[];
  taxClass?: string;
  cannabisWeightMg?: string;
  thcMg?: string;
  cbdMg?: string;
  barcode?: string[];
  packageLabel?: string;
  discountPercent?: string;
  discountDescription?: string;
  lowStock?: string;
  tag?: string[];
}

/** The service's field names as the commands name them, for refusals. */
export const PRODUCT_FIELDS = {
  priceCents: '--price',
  unitCostCents: '--cost',
  priceBreaks: '--price-break',
  'priceBreaks[].weightMg': '--price-break',
  'priceBreaks[].priceCents': '--price-break',
  taxClass: '--tax-class',
  subtype: '--strain',
  unitType: '--unit',
  cannabisWeightMg: '--cannabis-weight-mg',
  thcMg: '--thc-mg',
  cbdMg: '--cbd-mg',
  barcodes: '--barcode',
  'barcodes[]': '--barcode',
  packageLabel: '--package-label',
  discountPercent: '--discount-percent',
  discountDescription: '--discount-description',
  lowStockThreshold: '--low-stock',
  sku: '--sku',
  name: '--name',
  brand: '--brand',
  size: '--size',
  type: '--type',
  weight: '--weight',
  tags: '--tag',
  'tags[]': '--tag',
};

/** `--price 12.50`: dollars with at most two decimals, to cents. */
const dollars = (option: string, value: string) => dollarsAsCents(option, value, { max: AMOUNT_MAX_CENTS });

const isNone = (value: string) => value.trim().toLowerCase() === 'none';

/** A number an option gives, or null for `none` where the field may be empty. */
function number(option: string, value: string, whole: boolean): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || (whole && !Number.isInteger(parsed))) {
    throw invalidInput(option, `must be ${whole ? 'a whole number' : 'a number'}, not "${value}"`);
  }
  return parsed;
}

const orNone = (option: string, value: string | undefined, whole: boolean) =>
  value === undefined ? undefined : isNone(value) ? null : number(option, value, whole);

/** `--price-break 3.5=30.00` (grams = dollars), repeated; `none` clears them. */
function priceBreaks(values: string[] | undefined): PriceBreak[] | undefined {
  if (values === undefined) return undefined;
  if (values.some(isNone)) return [];
  return values.map((value) => {
    const [grams = '', price, extra] = value.split('=');
    if (price === undefined || extra !== undefined) {
      throw invalidInput('--price-break', `must be "grams=dollars", such as "3.5=30.00", not "${value}"`);
    }
    return {
      weightMg: Math.round(number('--price-break', grams, false) * 1000),
      priceCents: dollars('--price-break', price),
    };
  });
}

/** `--tag staff-pick`, repeated (or `--tag "staff-pick, clearance"`); `none` clears them. */
function tags(values: string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return values.some(isNone) ? [] : values.flatMap(tagsOf);
}

function yes(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const word = value.trim().toLowerCase();
  if (word !== 'yes' && word !== 'no') throw invalidInput('--deli', `must be yes or no, not "${value}"`);
  return word === 'yes';
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Adds the options of a product's fields to `create` or `edit`. */
export function productFieldOptions(command: Command): Command {
  return command
    .option('--sku <sku>', 'unique in the store in any case, kept as typed (what an import matches on)')
    .option('--name <name>', 'the name on the shelf and the receipt')
    .option('--brand <brand>', 'brand')
    .option('--type <category>', `${PRODUCT_TYPES.join(', ')}`)
    .option('--strain <text>', 'strain type or form: Indica, Sativa, Hybrid, Gummies…')
    .option('--size <text>', 'as the label says it: "3.5g", "10 pack"')
    .option('--weight <number>', 'weight of one unit, in --unit')
    .option('--unit <unit>', 'g, mg, oz, ml or each (deli items: g)')
    .option('--deli <yes|no>', 'weighed at the counter, sold by the gram')
    .option('--price <dollars>', 'price of one unit (one gram for deli items), e.g. 12.50')
    .option('--cost <dollars>', 'what one unit (one gram for deli items) cost the store, e.g. 6.25 (none: not known)')
    .option(
      '--price-break <grams=dollars>',
      "a deli item's price for a weight, e.g. 3.5=30.00 (repeat it; none clears)",
      collect,
    )
    .option('--tax-class <code>', 'a tax class of the store (servicepay taxes list)')
    .option('--cannabis-weight-mg <mg>', 'cannabis weight of one unit in mg (none: not known)')
    .option('--thc-mg <mg>', 'THC of one unit in mg, per gram for deli items (none: not known)')
    .option('--cbd-mg <mg>', 'CBD of one unit in mg, per gram for deli items (none: not known)')
    .option('--barcode <gtin>', 'a GTIN/UPC/EAN barcode (repeat it; none clears them)', collect)
    .option('--package-label <tag>', "the state's package tag of its stock")
    .option('--discount-percent <percent>', 'a promotion: percent off the price (0: none)')
    .option('--discount-description <words>', 'the promotion on the receipt, e.g. "10% off edibles"')
    .option('--low-stock <units>', 'low at or under this many units, grams for deli items (none: no threshold)')
    .option(
      '--tag <tag>',
      'a tag deals may be for, e.g. staff-pick (repeat it, or commas between; on edit it replaces them; none clears)',
      collect,
    );
}

/** The fields the options give, in the service's names (what is not given is left out); a bad value refused naming its option. */
export function productFields(options: ProductOptions): ProductPatch {
  const fields: ProductPatch = {
    sku: options.sku,
    name: options.name,
    brand: options.brand,
    type: options.type,
    subtype: options.strain,
    size: options.size,
    weight: options.weight === undefined ? undefined : number('--weight', options.weight, false),
    unitType: options.unit,
    deli: yes(options.deli),
    priceCents: options.price === undefined ? undefined : dollars('--price', options.price),
    unitCostCents:
      options.cost === undefined ? undefined : isNone(options.cost) ? null : dollars('--cost', options.cost),
    priceBreaks: priceBreaks(options.priceBreak),
    taxClass: options.taxClass,
    cannabisWeightMg: orNone('--cannabis-weight-mg', options.cannabisWeightMg, true),
    thcMg: orNone('--thc-mg', options.thcMg, true),
    cbdMg: orNone('--cbd-mg', options.cbdMg, true),
    barcodes: options.barcode === undefined ? undefined : options.barcode.some(isNone) ? [] : options.barcode,
    packageLabel: options.packageLabel,
    discountPercent:
      options.discountPercent === undefined ? undefined : number('--discount-percent', options.discountPercent, false),
    discountDescription: options.discountDescription,
    lowStockThreshold: orNone('--low-stock', options.lowStock, false),
    tags: tags(options.tag),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as ProductPatch;
}
