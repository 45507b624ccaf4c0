import { describe, expect, it } from 'vitest';
import {
  discountRulesOf,
  lineFloorCents,
  NO_DISCOUNT_RULES,
  taxableCents,
} from '../../../shared/compliance/discount-rules.js';
import { loadStateProfile, ProfileError, stateProfileProblems } from '../../../shared/compliance/profiles/load.js';
import type { StateProfile } from '../../../shared/compliance/profiles/schema.js';
import { CALIFORNIA, COLORADO } from '../../support/state-profiles.js';

const CANNABIS = [
  'FLOWER',
  'PREROLL',
  'VAPE',
  'CONCENTRATE',
  'EDIBLE',
  'BEVERAGE',
  'TINCTURE',
  'CAPSULE',
  'TOPICAL',
  'IMMATURE_PLANT',
];

describe("the state's rules on discounts", () => {
  it('of the shipped profiles: never free (1 cent a unit) for every cannabis category, tax after discounts', () => {
    for (const profile of [CALIFORNIA, COLORADO]) {
      expect(discountRulesOf(profile)).toEqual({
        floorCentsPerUnit: 1,
        floorAppliesTo: CANNABIS,
        taxBase: 'after_discounts',
      });
      expect(profile.discounts?.sources.length).toBeGreaterThan(0);
    }
  });

  it("are today's pricing without a profile, or for a profile that says nothing of discounts", () => {
    const { discounts: _discounts, ...silent } = structuredClone(CALIFORNIA);
    expect(loadStateProfile(silent)).toEqual(silent);
    expect(discountRulesOf(silent)).toEqual(NO_DISCOUNT_RULES);
    expect(discountRulesOf(null)).toEqual({ floorCentsPerUnit: 0, floorAppliesTo: [], taxBase: 'after_discounts' });
  });

  it('hold the categories a profile names, and only those', () => {
    const profile = structuredClone(CALIFORNIA);
    profile.discounts = {
      floorCentsPerUnit: 5,
      floorAppliesTo: ['FLOWER', 'ACCESSORY'],
      taxBase: 'after_discounts',
      sources: ['x'],
    };
    const rules = discountRulesOf(loadStateProfile(profile));
    expect(lineFloorCents(rules, 'FLOWER', 2000)).toBe(10);
    expect(lineFloorCents(rules, 'ACCESSORY', 1000)).toBe(5);
    expect(lineFloorCents(rules, 'EDIBLE', 3000)).toBe(0);
  });

  it("make a line's floor its units × the floor, a weighed line's grams rounded up", () => {
    const rules = discountRulesOf(CALIFORNIA);
    expect(lineFloorCents(rules, 'PREROLL', 3000)).toBe(3);
    expect(lineFloorCents(rules, 'FLOWER', 3500)).toBe(4); // 3.5 g at 1 cent a gram: never free
    expect(lineFloorCents(rules, 'FLOWER', 1)).toBe(1);
    expect(lineFloorCents(rules, 'ACCESSORY', 2000)).toBe(0);
    expect(lineFloorCents(rules, undefined, 1000)).toBe(1); // a type the catalog does not map: held too
    expect(lineFloorCents(NO_DISCOUNT_RULES, 'FLOWER', 3000)).toBe(0);
  });

  it('tax a line after its discounts, or before them where the state says so', () => {
    expect(taxableCents(discountRulesOf(CALIFORNIA), 2000, -1000)).toBe(1000);
    expect(taxableCents({ ...NO_DISCOUNT_RULES, taxBase: 'before_discounts' }, 2000, -1000)).toBe(2000);
  });
});

describe('a profile with broken rules on discounts', () => {
  type Change = (discounts: Record<string, unknown>) => void;
  const cases: { name: string; change: Change; field: string; message: string }[] = [
    {
      name: 'a floor with a fraction of a cent',
      change: (discounts) => (discounts.floorCentsPerUnit = 0.5),
      field: 'discounts.floorCentsPerUnit',
      message: 'discounts.floorCentsPerUnit must be a whole number, not 0.5',
    },
    {
      name: 'a negative floor',
      change: (discounts) => (discounts.floorCentsPerUnit = -1),
      field: 'discounts.floorCentsPerUnit',
      message: 'discounts.floorCentsPerUnit must be at least 0, not -1',
    },
    {
      name: 'a tax base that is not one',
      change: (discounts) => (discounts.taxBase = 'gross'),
      field: 'discounts.taxBase',
      message: 'discounts.taxBase must be one of after_discounts, before_discounts, not "gross"',
    },
    {
      name: 'no tax base',
      change: (discounts) => delete discounts.taxBase,
      field: 'discounts.taxBase',
      message: 'discounts.taxBase is missing',
    },
    {
      name: 'no sources',
      change: (discounts) => (discounts.sources = []),
      field: 'discounts.sources',
      message: 'discounts.sources must hold at least 1 item',
    },
    {
      name: 'a category the catalog does not have',
      change: (discounts) => (discounts.floorAppliesTo = ['FLOWER', 'SEEDS']),
      field: 'discounts.floorAppliesTo[1]',
      message:
        'discounts.floorAppliesTo[1] must be one of FLOWER, PREROLL, VAPE, CONCENTRATE, EDIBLE, BEVERAGE, TINCTURE, ' +
        'CAPSULE, TOPICAL, IMMATURE_PLANT, ACCESSORY, not "SEEDS"',
    },
    {
      name: 'a category twice',
      change: (discounts) => (discounts.floorAppliesTo = ['FLOWER', 'EDIBLE', 'FLOWER']),
      field: 'discounts.floorAppliesTo[2]',
      message: 'discounts.floorAppliesTo[2] repeats FLOWER (floorAppliesTo[0])',
    },
    {
      name: 'categories for no floor',
      change: (discounts) => Object.assign(discounts, { floorCentsPerUnit: 0, floorAppliesTo: ['FLOWER'] }),
      field: 'discounts.floorAppliesTo',
      message:
        'discounts.floorAppliesTo names categories, but floorCentsPerUnit is 0: there is no floor (give the least ' +
        'price, or leave it out)',
    },
    {
      name: 'a field the rules do not have',
      change: (discounts) => (discounts.minimumPrice = 100),
      field: 'discounts.minimumPrice',
      message: 'discounts.minimumPrice is not a field of a state profile',
    },
  ];

  it.each(cases)('is refused at load, naming the field: $name', ({ change, field, message }) => {
    const profile = structuredClone(CALIFORNIA) as StateProfile;
    change(profile.discounts as unknown as Record<string, unknown>);
    const load = () => loadStateProfile(profile);
    expect(load).toThrow(ProfileError);
    expect(load).toThrow(`The state profile "us-ca" is not valid: ${message}.`);
    expect(load).toThrow(expect.objectContaining({ field }) as Error);
    expect(stateProfileProblems(profile)).toHaveLength(1);
  });
});
