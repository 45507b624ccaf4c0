import type { StateProfile } from './schema.js';

/**
 * California (Department of Cannabis Control). Limits: 4 CCR § 15409 "Daily Limits":
 * - adult use, per customer per day: 28.5 g of non-concentrated cannabis; 8 g of cannabis concentrate,
 *   "including cannabis concentrate contained in cannabis products" (so edibles, drinks, tinctures,
 *   capsules, topicals and vapes count by the concentrate they contain: the product's cannabis
 *   weight); 6 immature plants.
 * - medical, per patient per day: 8 oz of medicinal cannabis "in the form of dried mature flowers or
 *   the plant conversion" (H&S Code § 11362.77), 12 immature plants, or the physician's
 *   recommendation's own amounts (§ 15409(c)). 8 oz is 226.796 g, rounded down to the milligram so
 *   the limit never exceeds the law. Assumption: concentrates and products count for patients by the
 *   same cannabis weight as for adult use, since the regulation gives no conversion factor.
 * - § 15409(d): the two limits are never combined in one day; the calculator counts every purchase
 *   of the day under the customer's current type.
 * Ages: B&P Code § 26140: 21, or 18 with a valid physician's recommendation.
 * Accessories: every visitor's age and identity are checked at the door of the retail area
 * (4 CCR § 15402); the register may sell non-cannabis goods without a customer if the store allows.
 * Warning: the government warning of B&P Code § 26120(c)(1) as the label carries it.
 */
export const CALIFORNIA: StateProfile = {
  id: 'us-ca',
  stateCode: 'CA',
  stateName: 'California',
  reviewed: '2026-11-25',
  sources: [
    'Cal. Code Regs. tit. 4, § 15409 (Daily Limits)',
    'Cal. Code Regs. tit. 4, § 15402 (Customer Access to the Retail Area)',
    'Cal. Bus. & Prof. Code § 26140 (ages) and § 26120 (warning)',
    'Cal. Health & Safety Code § 11362.77 (medicinal amounts)',
  ],
  customerTypes: {
    adult_use: {
      minimumAge: 21,
      period: 'day',
      groups: [
        { id: 'non_concentrated', name: 'non-concentrated cannabis', unit: 'weight_mg', limit: 28_500 },
        { id: 'concentrate', name: 'concentrate', unit: 'weight_mg', limit: 8_000 },
        { id: 'immature_plants', name: 'immature plants', unit: 'count', limit: 6 },
      ],
      counting: {
        FLOWER: [{ group: 'non_concentrated', by: 'weight' }],
        PREROLL: [{ group: 'non_concentrated', by: 'weight' }],
        VAPE: [{ group: 'concentrate', by: 'weight' }],
        CONCENTRATE: [{ group: 'concentrate', by: 'weight' }],
        EDIBLE: [{ group: 'concentrate', by: 'weight' }],
        BEVERAGE: [{ group: 'concentrate', by: 'weight' }],
        TINCTURE: [{ group: 'concentrate', by: 'weight' }],
        CAPSULE: [{ group: 'concentrate', by: 'weight' }],
        TOPICAL: [{ group: 'concentrate', by: 'weight' }],
        IMMATURE_PLANT: [{ group: 'immature_plants', by: 'units' }],
        ACCESSORY: [],
      },
    },
    medical: {
      minimumAge: 18,
      period: 'day',
      groups: [
        { id: 'medicinal_cannabis', name: 'medicinal cannabis', unit: 'weight_mg', limit: 226_796 },
        { id: 'immature_plants', name: 'immature plants', unit: 'count', limit: 12 },
      ],
      counting: {
        FLOWER: [{ group: 'medicinal_cannabis', by: 'weight' }],
        PREROLL: [{ group: 'medicinal_cannabis', by: 'weight' }],
        VAPE: [{ group: 'medicinal_cannabis', by: 'weight' }],
        CONCENTRATE: [{ group: 'medicinal_cannabis', by: 'weight' }],
        EDIBLE: [{ group: 'medicinal_cannabis', by: 'weight' }],
        BEVERAGE: [{ group: 'medicinal_cannabis', by: 'weight' }],
        TINCTURE: [{ group: 'medicinal_cannabis', by: 'weight' }],
        CAPSULE: [{ group: 'medicinal_cannabis', by: 'weight' }],
        TOPICAL: [{ group: 'medicinal_cannabis', by: 'weight' }],
        IMMATURE_PLANT: [{ group: 'immature_plants', by: 'units' }],
        ACCESSORY: [],
      },
      recommendationMayChangeLimits: true,
    },
  },
  nonCannabisCategories: ['ACCESSORY'],
  accessoryOnlyMaySkipIdCheck: true,
  receiptWarning:
    'GOVERNMENT WARNING: THIS PRODUCT CONTAINS CANNABIS, A SCHEDULE I CONTROLLED SUBSTANCE. KEEP OUT OF ' +
    'REACH OF CHILDREN AND ANIMALS. CANNABIS MAY ONLY BE POSSESSED OR CONSUMED BY PERSONS 21 YEARS OF AGE ' +
    'OR OLDER UNLESS THE PERSON IS A QUALIFIED PATIENT. CANNABIS USE WHILE PREGNANT OR BREASTFEEDING MAY BE ' +
    'HARMFUL. CONSUMPTION OF CANNABIS IMPAIRS YOUR ABILITY TO DRIVE AND OPERATE MACHINERY. PLEASE USE ' +
    'EXTREME CAUTION.',
  taxLayers: { excise: 'California cannabis excise tax', state: 'State sales tax', local: 'Local sales tax' },
};
