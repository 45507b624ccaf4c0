import type { CannabisContent } from '../../../shared/catalog/limit-measures.js';

/**
 * What each demo product holds for the purchase limits, per unit, in milligrams: values a California
 * store's labels would carry. Flower and pre-rolls: the net weight on the package, and THC at a
 * typical potency (16-26 %). Vapes and concentrates: the concentrate's weight (0.3 to 1 g), THC at
 * 40-95 %. Deli flower: no per-unit weight (the weight sold counts), THC per gram.
 *
 * Infused products (edibles, the drink, tinctures, topicals) count in California by the cannabis
 * concentrate they contain (4 CCR § 15409). A label gives cannabinoids, not the concentrate's weight,
 * so the demo assumes they are made with a distillate of 90 % cannabinoids: the concentrate weight is
 * the cannabinoids (THC, CBD, CBN) divided by 0.9, rounded up to the milligram, so the limit is
 * never under-counted. A real store takes the weight from its supplier's certificate of analysis.
 */
const DISTILLATE_PERMILLE = 900;

/** The distillate that carries `cannabinoidsMg` of cannabinoids, in mg, rounded up. */
export function concentrateFor(cannabinoidsMg: number): number {
  return Math.ceil((cannabinoidsMg * 1000) / DISTILLATE_PERMILLE);
}

type Measures = [cannabisWeightMg: number | null, thcMg: number];

/** Infused: [the concentrate carrying THC and other cannabinoids, THC]. */
const infused = (thcMg: number, otherCannabinoidsMg = 0): Measures => [
  concentrateFor(thcMg + otherCannabinoidsMg),
  thcMg,
];

// prettier-ignore
const MEASURES: Record<string, Measures> = {
  'FLW-001': [3_500, 735], 'FLW-002': [3_500, 665], 'FLW-003': [3_500, 875], 'FLW-004': [7_000, 1_540],
  'FLW-005': [3_500, 840], 'FLW-006': [14_000, 2_800], 'FLW-007': [28_000, 4_480], 'FLW-008': [3_500, 910],
  // Deli flower: THC per gram (20 %, 19 %, 23 %).
  'DEL-001': [null, 200], 'DEL-002': [null, 190], 'DEL-003': [null, 230],
  'PRE-001': [1_000, 210], 'PRE-002': [1_000, 180], 'PRE-003': [1_750, 385], 'PRE-004': [1_000, 400],
  'PRE-005': [5_000, 1_100], 'PRE-006': [2_000, 440],
  'VAP-001': [1_000, 850], 'VAP-002': [500, 425], 'VAP-003': [500, 400], 'VAP-004': [500, 410],
  'VAP-005': [500, 390], 'VAP-006': [300, 120],
  'EDI-001': infused(100), 'EDI-002': infused(100, 50), 'EDI-003': infused(100), 'EDI-004': infused(10),
  'EDI-005': infused(10), 'EDI-006': infused(100),
  'CON-001': [1_000, 750], 'CON-002': [1_000, 800], 'CON-003': [1_000, 720], 'CON-004': [1_000, 780],
  'CON-005': [1_000, 950],
  'TIN-001': infused(1_000), 'TIN-002': infused(30, 600), 'TIN-003': infused(300, 150), 'TIN-004': infused(100),
  'TOP-001': infused(500, 500), 'TOP-002': infused(200), 'TOP-003': infused(20), 'TOP-004': infused(100),
};

/** The cannabis content of the demo product `sku`; accessories have none. */
export function demoMeasures(sku: string): CannabisContent {
  const measures = MEASURES[sku];
  return measures ? { cannabisWeightMg: measures[0], thcMg: measures[1] } : { cannabisWeightMg: null, thcMg: null };
}
