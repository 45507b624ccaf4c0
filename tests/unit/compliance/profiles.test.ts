import { describe, expect, it } from 'vitest';
import { CALIFORNIA } from '../../../shared/compliance/profiles/california.js';
import { COLORADO } from '../../../shared/compliance/profiles/colorado.js';
import { STATE_PROFILE_IDS } from '../../../shared/compliance/profiles/ids.js';
import { STATE_PROFILES, stateProfile } from '../../../shared/compliance/profiles/index.js';
import { loadStateProfile, ProfileError } from '../../../shared/compliance/profiles/load.js';
import { COMPLIANCE_CATEGORIES, type StateProfile } from '../../../shared/compliance/profiles/schema.js';

describe('the shipped state profiles', () => {
  it.each([CALIFORNIA, COLORADO])('$stateName validates', (profile) => {
    expect(loadStateProfile(structuredClone(profile))).toEqual(profile);
  });

  it('are found by id', () => {
    expect(STATE_PROFILES.map((profile) => profile.id)).toEqual(['us-ca', 'us-co']);
    expect(stateProfile('us-ca')?.stateName).toBe('California');
    expect(stateProfile('us-xx')).toBeUndefined();
  });

  it("carry California's limits in milligrams and counts, and its ages", () => {
    const { adult_use, medical } = CALIFORNIA.customerTypes;
    expect(adult_use.groups.map((group) => [group.id, group.limit])).toEqual([
      ['non_concentrated', 28_500],
      ['concentrate', 8_000],
      ['immature_plants', 6],
    ]);
    // 8 oz = 226.796185 g, rounded down to the milligram.
    expect(medical.groups.map((group) => [group.id, group.limit])).toEqual([
      ['medicinal_cannabis', 226_796],
      ['immature_plants', 12],
    ]);
    expect([adult_use.minimumAge, medical.minimumAge]).toEqual([21, 18]);
  });

  it('say how every category counts, for every customer type', () => {
    for (const profile of STATE_PROFILES) {
      for (const rules of Object.values(profile.customerTypes)) {
        expect(Object.keys(rules.counting).sort()).toEqual([...COMPLIANCE_CATEGORIES].sort());
      }
    }
  });
});

describe('a broken state profile', () => {
  type Change = (profile: StateProfile & Record<string, unknown>) => void;
  const adult = (profile: StateProfile) => profile.customerTypes.adult_use;
  const cases: { name: string; change: Change; field: string; message: string }[] = [
    {
      name: 'a limit with a fraction',
      change: (profile) => (adult(profile).groups[0]!.limit = 28.5),
      field: 'customerTypes.adult_use.groups[0].limit',
      message: 'customerTypes.adult_use.groups[0].limit must be integer',
    },
    {
      name: 'a category left out',
      change: (profile) => delete (adult(profile).counting as Partial<Record<string, unknown>>).TOPICAL,
      field: 'customerTypes.adult_use.counting.TOPICAL',
      message: 'customerTypes.adult_use.counting.TOPICAL is missing',
    },
    {
      name: 'a field no profile has',
      change: (profile) => (profile.limits = {}),
      field: 'limits',
      message: 'limits is not a field of a state profile',
    },
    {
      name: 'a period that is not one',
      change: (profile) => ((adult(profile) as { period: string }).period = 'week'),
      field: 'customerTypes.adult_use.period',
      message: 'customerTypes.adult_use.period must be equal to one of the allowed values',
    },
    {
      name: 'a rule naming a group that does not exist',
      change: (profile) => (adult(profile).counting.FLOWER[0]!.group = 'flower'),
      field: 'customerTypes.adult_use.counting.FLOWER[0].group',
      message: 'customerTypes.adult_use.counting.FLOWER[0].group names "flower", which is not a group of adult_use',
    },
    {
      name: 'THC counted toward a weight without a conversion',
      change: (profile) => (adult(profile).counting.EDIBLE[0]!.by = 'thc'),
      field: 'customerTypes.adult_use.counting.EDIBLE[0].by',
      message:
        'customerTypes.adult_use.counting.EDIBLE[0].by counts thc toward "concentrate", which adds up weight_mg: give times and per to convert',
    },
    {
      name: 'a conversion with times but no per',
      change: (profile) => (adult(profile).counting.VAPE[0]!.times = 7),
      field: 'customerTypes.adult_use.counting.VAPE[0]',
      message: 'customerTypes.adult_use.counting.VAPE[0] needs both times and per, or neither',
    },
    {
      name: 'a group twice',
      change: (profile) => (adult(profile).groups[1]!.id = 'non_concentrated'),
      field: 'customerTypes.adult_use.groups[1].id',
      message: 'customerTypes.adult_use.groups[1].id repeats the group "non_concentrated"',
    },
    {
      name: 'accessories counted toward a limit',
      change: (profile) => adult(profile).counting.ACCESSORY.push({ group: 'concentrate', by: 'weight' }),
      field: 'customerTypes.adult_use.counting.ACCESSORY',
      message:
        'customerTypes.adult_use.counting.ACCESSORY counts toward a limit, but the profile says it is not cannabis',
    },
    {
      name: "a younger customers' limit above the group's",
      change: (profile) => (adult(profile).groups[1]!.younger = { underAge: 25, limit: 9_000 }),
      field: 'customerTypes.adult_use.groups[1].younger.limit',
      message: "customerTypes.adult_use.groups[1].younger.limit must not be above the group's limit (8000)",
    },
    {
      name: 'a recommendation for adult-use customers',
      change: (profile) => (adult(profile).recommendationMayChangeLimits = true),
      field: 'customerTypes.adult_use.recommendationMayChangeLimits',
      message: 'customerTypes.adult_use.recommendationMayChangeLimits applies to medical customers only',
    },
    {
      name: 'no receipt warning',
      change: (profile) => (profile.receiptWarning = ''),
      field: 'receiptWarning',
      message: 'receiptWarning must not have fewer than 1 characters',
    },
  ];

  it.each(cases)('is refused at load, naming the field: $name', ({ change, field, message }) => {
    const profile = structuredClone(CALIFORNIA) as StateProfile & Record<string, unknown>;
    change(profile);
    const load = () => loadStateProfile(profile);
    expect(load).toThrow(ProfileError);
    expect(load).toThrow(`The state profile "us-ca" is not valid: ${message}.`);
    expect(() => loadStateProfile(profile)).toThrow(expect.objectContaining({ field }) as Error);
  });

  it('that is no object at all is refused too', () => {
    expect(() => loadStateProfile(null)).toThrow(
      'The state profile "(no id)" is not valid: the profile must be object.',
    );
  });

  it('names every shipped profile in the ids a store may choose', () => {
    expect(STATE_PROFILES.map((profile) => profile.id)).toEqual([...STATE_PROFILE_IDS]);
  });
});
