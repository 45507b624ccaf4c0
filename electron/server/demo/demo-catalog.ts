import type { NewDispensary } from '../dispensaries/dispensary.js';
import type { ProductType } from '../../../shared/catalog/product-types.js';
import type { UnitType } from '../catalog/product-fields.js';
import type { NewTaxClass } from '../catalog/tax-repository.js';
import { demoUuid, withCheckDigit } from './demo-ids.js';
import { demoMeasures } from './demo-measures.js';

/**
 * The demo store "Green Valley Dispensary" (short name `demo`): a realistic Sacramento dispensary
 * with its taxes and 48 products across every category. Ids are fixed so docs and tests can cite them.
 */
export const DEMO = {
  shortName: 'demo',
  organizationId: demoUuid('organization'),
  organizationName: 'Green Valley Holdings',
  dispensaryId: demoUuid('dispensary:demo'),
  locationId: demoUuid('location:demo:sales-floor'),
} as const;

export const DEMO_DISPENSARY: NewDispensary = {
  id: DEMO.dispensaryId,
  organizationId: DEMO.organizationId,
  shortName: DEMO.shortName,
  name: 'Green Valley Dispensary',
  timezone: 'America/Los_Angeles',
  preparationMinutes: 15,
  // Sunday first: shorter hours on Sunday.
  openingHours: [
    { open: '10:00', close: '18:00' },
    ...Array.from({ length: 6 }, () => ({ open: '09:00', close: '21:00' })),
  ],
  // A cashier's paid-out needs the manager's PIN (the demo manager's is 2580).
  cashPolicy: { blindClose: false, managerApproval: ['paid_out'] },
  address: {
    street: '3150 Folsom Blvd',
    city: 'Sacramento',
    state: 'CA',
    county: 'Sacramento',
    country: 'US',
    type: 'STORE',
    zip: '95816',
    comment: 'Free parking behind the store; enter from 32nd Street.',
    longitude: -121.4661,
    latitude: 38.5669,
    apt: '',
  },
  primaryLocationId: DEMO.locationId,
  primaryLocationName: 'Sales floor',
};

/** California: cannabis pays the 15 % excise on top of sales tax; other goods pay sales tax only. */
export const DEMO_TAX_CLASSES: NewTaxClass[] = [
  {
    code: 'cannabis',
    name: 'Cannabis goods',
    rates: [
      { name: 'California cannabis excise tax', ratePpm: 150_000 },
      { name: 'State sales tax', ratePpm: 72_500 },
      { name: 'Local sales tax', ratePpm: 10_000 },
    ],
  },
  {
    code: 'non-cannabis',
    name: 'Accessories and other goods',
    rates: [
      { name: 'State sales tax', ratePpm: 72_500 },
      { name: 'Local sales tax', ratePpm: 10_000 },
    ],
  },
];

/** One demo product, in the vocabulary of the catalog import. */
export interface DemoProduct {
  productId: string;
  unitId: string;
  sku: string;
  type: ProductType;
  subtype: string;
  brand: string;
  name: string;
  size: string;
  weight: number;
  unitType: UnitType;
  barcodes: string[];
  priceCents: number;
  taxClass: 'cannabis' | 'non-cannabis';
  deli: boolean;
  /** Units on hand, or grams for deli items. */
  onHand: number;
  packageLabel: string;
  discountPercent: number;
  discountDescription: string;
  /** Per unit, in mg (see demo-measures.ts); null for accessories and for deli items' weight. */
  cannabisWeightMg: number | null;
  thcMg: number | null;
}

type Row = [
  sku: string,
  type: ProductType,
  subtype: string,
  brand: string,
  name: string,
  size: string,
  weight: number,
  unitType: UnitType,
  priceCents: number,
  onHand: number,
  extra?: Partial<DemoProduct>,
];

const EDIBLES_PROMO = { discountPercent: 10, discountDescription: '10% off edibles' };
const DELI = { deli: true, barcodes: [] };

// prettier-ignore
const ROWS: Row[] = [
  ['FLW-001', 'FLOWER', 'Sativa', 'Humboldt Hills', 'Blue Dream', '3.5g', 3.5, 'g', 3500, 40],
  ['FLW-002', 'FLOWER', 'Indica', 'Pacific Bloom', 'Purple Punch', '3.5g', 3.5, 'g', 3200, 35],
  ['FLW-003', 'FLOWER', 'Hybrid', 'Canyon Craft', 'Wedding Cake', '3.5g', 3.5, 'g', 4500, 28],
  ['FLW-004', 'FLOWER', 'Hybrid', 'Humboldt Hills', 'OG Kush', '7g', 7, 'g', 6000, 18],
  ['FLW-005', 'FLOWER', 'Hybrid', 'Canyon Craft', 'Gelato #33', '3.5g', 3.5, 'g', 5500, 22],
  ['FLW-006', 'FLOWER', 'Sativa', 'Pacific Bloom', 'Sour Diesel', '14g', 14, 'g', 9500, 9],
  ['FLW-007', 'FLOWER', 'Hybrid', 'Green Valley Reserve', 'House Shake', '28g', 28, 'g', 8000, 12],
  ['FLW-008', 'FLOWER', 'Indica', 'Canyon Craft', 'Ice Cream Cake', '3.5g', 3.5, 'g', 5000, 16],
  ['DEL-001', 'FLOWER', 'Indica', 'Green Valley Deli', 'Granddaddy Purple (by the gram)', 'per gram', 1, 'g', 1000, 453.6, DELI],
  ['DEL-002', 'FLOWER', 'Sativa', 'Green Valley Deli', 'Jack Herer (by the gram)', 'per gram', 1, 'g', 900, 226.8, DELI],
  ['DEL-003', 'FLOWER', 'Hybrid', 'Green Valley Deli', 'Zkittlez (by the gram)', 'per gram', 1, 'g', 1100, 112.25, DELI],
  ['PRE-001', 'PREROLL', 'Sativa', 'Lazy Lynx', 'Blue Dream Pre-Roll', '1g', 1, 'g', 1200, 60],
  ['PRE-002', 'PREROLL', 'Indica', 'Lazy Lynx', 'Northern Lights Pre-Roll', '1g', 1, 'g', 1200, 55],
  ['PRE-003', 'PREROLL', 'Hybrid', 'Pacific Bloom', 'Mini Dogwalkers 5-Pack', '5 x 0.35g', 1.75, 'g', 2500, 30],
  ['PRE-004', 'PREROLL', 'Infused', 'Ember Extracts', 'Diamond Infused Pre-Roll', '1g', 1, 'g', 2000, 24],
  ['PRE-005', 'PREROLL', 'Hybrid', 'Humboldt Hills', 'Party Pack 10 x 0.5g', '10 x 0.5g', 5, 'g', 4000, 14],
  ['PRE-006', 'PREROLL', 'Indica', 'Lazy Lynx', 'Lazy Sunday Blunt', '2g', 2, 'g', 1800, 20],
  ['VAP-001', 'VAPE', 'Cartridge', 'Cloud Nine Labs', 'Pineapple Express Cartridge', '1g', 1, 'g', 4000, 26,
    { discountPercent: 15, discountDescription: '15% off: staff pick' }],
  ['VAP-002', 'VAPE', 'Cartridge', 'Cloud Nine Labs', 'Granddaddy Purple Cartridge', '0.5g', 0.5, 'g', 2500, 33],
  ['VAP-003', 'VAPE', 'Disposable', 'Ember Extracts', 'Live Resin Disposable Strawberry Cough', '0.5g', 0.5, 'g', 3500, 0],
  ['VAP-004', 'VAPE', 'Pod', 'Cloud Nine Labs', 'Mango Haze Pod', '0.5g', 0.5, 'g', 3000, 19],
  ['VAP-005', 'VAPE', 'Cartridge', 'Golden Hour', 'Live Rosin Cartridge Durban Poison', '0.5g', 0.5, 'g', 5500, 11],
  ['VAP-006', 'VAPE', 'Disposable', 'Cloud Nine Labs', 'CBD:THC 1:1 Calm Disposable', '0.3g', 0.3, 'g', 2800, 15],
  ['EDI-001', 'EDIBLE', 'Gummies', 'Sierra Chews', 'Watermelon Gummies 10 x 10mg', '10 pieces', 100, 'mg', 2000, 48, EDIBLES_PROMO],
  ['EDI-002', 'EDIBLE', 'Gummies', 'Sierra Chews', 'Sour Blueberry Sleep Gummies (CBN)', '10 pieces', 100, 'mg', 2400, 32, EDIBLES_PROMO],
  ['EDI-003', 'EDIBLE', 'Chocolate', 'Sweet Leaf Kitchen', 'Dark Chocolate Sea Salt Bar', '20 pieces', 100, 'mg', 2200, 25, EDIBLES_PROMO],
  ['EDI-004', 'EDIBLE', 'Baked goods', 'Sweet Leaf Kitchen', 'Snickerdoodle Cookie', '1 cookie', 10, 'mg', 800, 40],
  ['EDI-005', 'EDIBLE', 'Beverage', 'Bubbly Botanicals', 'Lemon Ginger Sparkling Tonic', '355ml', 10, 'mg', 900, 36],
  ['EDI-006', 'EDIBLE', 'Mints', 'Sweet Leaf Kitchen', 'Peppermint Microdose Mints', '40 mints', 100, 'mg', 1800, 22],
  ['CON-001', 'CONCENTRATE', 'Live resin', 'Ember Extracts', 'Live Resin Sauce Tropicana Cookies', '1g', 1, 'g', 4500, 14],
  ['CON-002', 'CONCENTRATE', 'Shatter', 'Golden Hour', 'Shatter Sour Tangie', '1g', 1, 'g', 3000, 10],
  ['CON-003', 'CONCENTRATE', 'Rosin', 'Golden Hour', 'Cold Cure Rosin Papaya', '1g', 1, 'g', 6500, 0],
  ['CON-004', 'CONCENTRATE', 'Badder', 'Ember Extracts', 'Badder Lemon Cherry Gelato', '1g', 1, 'g', 4000, 12],
  ['CON-005', 'CONCENTRATE', 'Diamonds', 'Golden Hour', 'THCa Diamonds', '1g', 1, 'g', 5000, 7],
  ['TIN-001', 'TINCTURE', 'THC', 'Tranquil Drops', 'Full Spectrum THC Tincture', '30ml', 30, 'ml', 4000, 18],
  ['TIN-002', 'TINCTURE', 'CBD', 'Verde Wellness', 'CBD 20:1 Daily Drops', '30ml', 30, 'ml', 4500, 21],
  ['TIN-003', 'TINCTURE', 'Sleep', 'Tranquil Drops', 'Nighttime CBN Tincture', '15ml', 15, 'ml', 3500, 13],
  ['TIN-004', 'TINCTURE', 'THC', 'Verde Wellness', 'Citrus Sublingual Spray', '10ml', 10, 'ml', 2500, 9],
  ['TOP-001', 'TOPICAL', 'Balm', 'Verde Wellness', 'Relief Balm 1:1', '50ml', 50, 'ml', 3500, 15],
  ['TOP-002', 'TOPICAL', 'Lotion', 'Soothe Co', 'Cooling Body Lotion', '120ml', 120, 'ml', 3000, 12],
  ['TOP-003', 'TOPICAL', 'Transdermal', 'Soothe Co', 'Transdermal Patch 20mg', '1 patch', 20, 'mg', 1500, 30],
  ['TOP-004', 'TOPICAL', 'Bath', 'Verde Wellness', 'Lavender Bath Soak', '200g', 200, 'g', 2000, 8],
  ['ACC-001', 'ACCESSORY', 'Papers', 'Rolling Co', 'Unbleached Rolling Papers 1 1/4', '50 leaves', 1, 'each', 300, 120],
  ['ACC-002', 'ACCESSORY', 'Lighter', 'Spark Supply', 'Refillable Lighter', '1 unit', 1, 'each', 250, 200],
  ['ACC-003', 'ACCESSORY', 'Grinder', 'Stash Supply', 'Aluminium Grinder 4-Piece', '63mm', 1, 'each', 2500, 25],
  ['ACC-004', 'ACCESSORY', 'Battery', 'Cloud Nine Labs', '510 Thread Battery', '1 unit', 1, 'each', 1500, 40],
  ['ACC-005', 'ACCESSORY', 'Storage', 'Stash Supply', 'Smell-Proof Stash Jar', '120ml', 1, 'each', 1200, 35],
  ['ACC-006', 'ACCESSORY', 'Apparel', 'Green Valley', 'Green Valley Logo Cap', 'one size', 1, 'each', 2800, 18],
];

/** GTINs with correct check digits: UPC-A for accessories, EAN-13 for cannabis goods. */
function barcodesOf(index: number, accessory: boolean): string[] {
  const item = String(index + 1).padStart(5, '0');
  if (accessory) return [withCheckDigit(`850041${item}`)];
  const ean = withCheckDigit(`0860012${item}`);
  // A few products carry a second code: the case pack's GTIN-14.
  return index % 7 === 0 ? [ean, withCheckDigit(`1${ean.slice(0, 12)}`)] : [ean];
}

export const DEMO_PRODUCTS: DemoProduct[] = ROWS.map(
  ([sku, type, subtype, brand, name, size, weight, unitType, priceCents, onHand, extra = {}], index) => {
    const accessory = type === 'ACCESSORY';
    return {
      productId: demoUuid(`product:${sku}`),
      unitId: demoUuid(`unit:${sku}`),
      sku,
      type,
      subtype,
      brand,
      name,
      size,
      weight,
      unitType,
      barcodes: barcodesOf(index, accessory),
      priceCents,
      taxClass: accessory ? 'non-cannabis' : 'cannabis',
      deli: false,
      onHand,
      // METRC-style package tags (24 characters); accessories are not tracked.
      packageLabel: accessory ? '' : `1A4060300003D12000${String(index + 1).padStart(6, '0')}`,
      discountPercent: 0,
      discountDescription: '',
      ...demoMeasures(sku),
      ...extra,
    };
  },
);
