import type { StateProfile } from './schema.js';

/**
 * Colorado (Marijuana Enforcement Division), to show a second state is data:
 * - adult use (retail), per sale: one ounce of flower "or its equivalent", where one ounce of flower
 *   equals 8 g of concentrate and 80 servings of 10 mg THC (800 mg) in products (MED rule
 *   R 402(C)(1.5) in its 2016 numbering, industry bulletin 15-12). One pool: flower counts by weight,
 *   concentrate 7/2 of its weight (8 g ≙ 28 g), products 35 mg per mg of THC (800 mg ≙ 28 g).
 *   Non-edible, non-psychoactive topicals do not count ("HB 1216, Section 8", as 2016 industry
 *   guidance cites it).
 *   Assumption: an ounce is taken as 28 g, the figure the equivalency is stated in; it is below
 *   28.35 g, so the register never sells more than the law allows.
 * - medical, per day: 2 oz of flower (56 g, same assumption); concentrate 8 g, or 2 g for patients
 *   18 to 20 (HB21-1317, from 2022); a physician's certificate may allow more.
 *   Assumption: medical edibles and other products are not limited per day here (not confirmed).
 * - immature plants: no sale limit was found, so this profile sells none (limit 0) until checked.
 * Ages: 21; medical patients 18.
 * Accessories: the age of everyone entering the restricted area is checked at the door.
 * Warning: the label warnings of the MED's packaging and labeling rules.
 */
export const COLORADO: StateProfile = {
  id: 'us-co',
  stateCode: 'CO',
  stateName: 'Colorado',
  reviewed: '2026-11-25',
  sources: [
    'Colorado MED industry bulletin 15-12 and rule R 402(C)(1.5): one-ounce equivalency per sale',
    'Colorado MED guidance (2016): non-edible, non-psychoactive topicals outside the one-ounce limit',
    'Colorado HB21-1317: medical concentrate limits of 8 g and 2 g (ages 18 to 20) a day',
  ],
  customerTypes: {
    adult_use: {
      minimumAge: 21,
      period: 'transaction',
      groups: [
        { id: 'flower_equivalent', name: 'flower-equivalent cannabis', unit: 'weight_mg', limit: 28_000 },
        { id: 'immature_plants', name: 'immature plants', unit: 'count', limit: 0 },
      ],
      counting: {
        FLOWER: [{ group: 'flower_equivalent', by: 'weight' }],
        PREROLL: [{ group: 'flower_equivalent', by: 'weight' }],
        VAPE: [{ group: 'flower_equivalent', by: 'weight', times: 7, per: 2 }],
        CONCENTRATE: [{ group: 'flower_equivalent', by: 'weight', times: 7, per: 2 }],
        EDIBLE: [{ group: 'flower_equivalent', by: 'thc', times: 35, per: 1 }],
        BEVERAGE: [{ group: 'flower_equivalent', by: 'thc', times: 35, per: 1 }],
        TINCTURE: [{ group: 'flower_equivalent', by: 'thc', times: 35, per: 1 }],
        CAPSULE: [{ group: 'flower_equivalent', by: 'thc', times: 35, per: 1 }],
        TOPICAL: [],
        IMMATURE_PLANT: [{ group: 'immature_plants', by: 'units' }],
        ACCESSORY: [],
      },
    },
    medical: {
      minimumAge: 18,
      period: 'day',
      groups: [
        { id: 'flower', name: 'flower', unit: 'weight_mg', limit: 56_000 },
        {
          id: 'concentrate',
          name: 'concentrate',
          unit: 'weight_mg',
          limit: 8_000,
          younger: { underAge: 21, limit: 2_000 },
        },
        { id: 'immature_plants', name: 'immature plants', unit: 'count', limit: 0 },
      ],
      counting: {
        FLOWER: [{ group: 'flower', by: 'weight' }],
        PREROLL: [{ group: 'flower', by: 'weight' }],
        VAPE: [{ group: 'concentrate', by: 'weight' }],
        CONCENTRATE: [{ group: 'concentrate', by: 'weight' }],
        EDIBLE: [],
        BEVERAGE: [],
        TINCTURE: [],
        CAPSULE: [],
        TOPICAL: [],
        IMMATURE_PLANT: [{ group: 'immature_plants', by: 'units' }],
        ACCESSORY: [],
      },
      recommendationMayChangeLimits: true,
    },
  },
  nonCannabisCategories: ['ACCESSORY'],
  accessoryOnlyMaySkipIdCheck: true,
  receiptWarning:
    'There may be health risks associated with the consumption of this product. This product is intended ' +
    'for use by adults 21 years and older. Keep out of the reach of children. This product is unlawful ' +
    'outside the State of Colorado. There may be additional health risks associated with the consumption ' +
    'of this product for women who are pregnant, breastfeeding, or planning on becoming pregnant. Do not ' +
    'drive or operate heavy machinery while using marijuana.',
  taxLayers: { excise: 'Retail marijuana sales tax', state: 'State sales tax', local: 'Local sales tax' },
};
