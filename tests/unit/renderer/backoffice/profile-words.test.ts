import { describe, expect, it } from 'vitest';
import { profileWords } from '../../../../renderer/backoffice/logic/profile-words.js';
import { CALIFORNIA, COLORADO } from '../../../support/state-profiles.js';

// The state a store may choose, in words under Store setup → State rules.
describe("a state profile's rules in words", () => {
  it("says California's daily limits by customer type", () => {
    expect(profileWords(CALIFORNIA)).toEqual([
      'Adult-use, 21 and older: 28.5 g of non-concentrated cannabis, 8 g of concentrate and 6 immature plants a day.',
      'Medical, 18 and older: 226.796 g of medicinal cannabis and 12 immature plants a day; ' +
        "a recommendation's own amounts replace them, up to 907.184 g of medicinal cannabis and 12 immature " +
        "plants (above the state's, set by a manager).",
      'Deals never take a unit of cannabis below $0.01 (a gram, where weighed); tax is on the price after discounts.',
    ]);
  });

  it("says Colorado's per-sale limit, and its lower limit for younger patients", () => {
    expect(profileWords(COLORADO)).toEqual([
      'Adult-use, 21 and older: 28 g of flower-equivalent cannabis and no immature plants in each sale.',
      'Medical, 18 and older: 56 g of flower, 8 g of concentrate (2 g under 21) and no immature plants a day; ' +
        "a recommendation's own amounts replace them, up to 224 g of flower, 40 g of concentrate and no immature " +
        "plants (above the state's, set by a manager).",
      'Deals never take a unit of cannabis below $0.01 (a gram, where weighed); tax is on the price after discounts.',
    ]);
  });

  it("says a state's own rules on discounts, and nothing of them where its profile has none", () => {
    const named = structuredClone(COLORADO);
    named.discounts = {
      floorCentsPerUnit: 25,
      floorAppliesTo: ['FLOWER', 'PREROLL'],
      taxBase: 'before_discounts',
      sources: ['A test'],
    };
    expect(profileWords(named).at(-1)).toBe(
      'Deals never take a unit of flower and pre-rolls below $0.25 (a gram, where weighed); tax is on the price ' +
        'before discounts.',
    );
    named.discounts = { floorCentsPerUnit: 0, taxBase: 'before_discounts', sources: ['A test'] };
    expect(profileWords(named).at(-1)).toBe('Deals have no least price; tax is on the price before discounts.');
    delete named.discounts;
    expect(profileWords(named)).toHaveLength(2);
  });
});
