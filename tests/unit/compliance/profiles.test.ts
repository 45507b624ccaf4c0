import { describe, expect, it } from 'vitest';
import { SHIPPED_PROFILES } from '../../../electron/server/core/state-profiles/state-profiles.js';
import { loadStateProfile, ProfileError, stateProfileProblems } from '../../../shared/compliance/profiles/load.js';
import { COMPLIANCE_CATEGORIES, type StateProfile } from '../../../shared/compliance/profiles/schema.js';
import { CALIFORNIA, COLORADO } from '../../support/state-profiles.js';

const STATE_PROFILES = SHIPPED_PROFILES.loaded.map((entry) => entry.profile);

describe('the shipped state profiles', () => {
  it.each([CALIFORNIA, COLORADO])('$stateName validates', (profile) => {
    expect(loadStateProfile(structuredClone(profile))).toEqual(profile);
  });

  it('are found by id', () => {
    expect(STATE_PROFILES.map((profile) => profile.id)).toEqual(['us-ca', 'us-co']);
    expect(SHIPPED_PROFILES.find('us-ca')?.stateName).toBe('California');
    expect(SHIPPED_PROFILES.find('us-xx')).toBeUndefined();
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
      message: 'customerTypes.adult_use.groups[0].limit must be a whole number, not 28.5',
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
      message: 'customerTypes.adult_use.period must be one of day, transaction, not "week"',
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
      message: 'receiptWarning must not be empty',
    },
    {
      name: 'a category the catalog does not have',
      change: (profile) => ((adult(profile).counting as Record<string, unknown>).SEEDS = []),
      field: 'customerTypes.adult_use.counting.SEEDS',
      message:
        'customerTypes.adult_use.counting.SEEDS is not a category of the catalog (FLOWER, PREROLL, VAPE, CONCENTRATE, ' +
        'EDIBLE, BEVERAGE, TINCTURE, CAPSULE, TOPICAL, IMMATURE_PLANT, ACCESSORY)',
    },
    {
      name: "a state code that is not the id's",
      change: (profile) => (profile.stateCode = 'CO'),
      field: 'stateCode',
      message: 'stateCode is "CO", but the id "us-ca" names CA',
    },
    {
      name: 'an age as text',
      change: (profile) => ((adult(profile) as { minimumAge: unknown }).minimumAge = '21'),
      field: 'customerTypes.adult_use.minimumAge',
      message: 'customerTypes.adult_use.minimumAge must be a whole number, not "21"',
    },
    {
      name: "a recommendation's most below the state's limit",
      change: (profile) => (profile.customerTypes.medical.groups[0]!.recommendationMaximum = 100_000),
      field: 'customerTypes.medical.groups[0].recommendationMaximum',
      message: "customerTypes.medical.groups[0].recommendationMaximum must not be below the group's limit (226796)",
    },
    {
      name: "a medical group without a recommendation's most, where a recommendation may change the limits",
      change: (profile) => delete profile.customerTypes.medical.groups[1]!.recommendationMaximum,
      field: 'customerTypes.medical.groups[1].recommendationMaximum',
      message:
        'customerTypes.medical.groups[1].recommendationMaximum is missing: a recommendation may change the medical ' +
        "limits, so say the most it may set (the group's limit keeps it at the state’s)",
    },
    {
      name: "a recommendation's most for adult use",
      change: (profile) => (adult(profile).groups[0]!.recommendationMaximum = 56_000),
      field: 'customerTypes.adult_use.groups[0].recommendationMaximum',
      message:
        'customerTypes.adult_use.groups[0].recommendationMaximum applies only to medical groups whose limits a ' +
        'recommendation may change',
    },
    {
      name: 'a negative limit',
      change: (profile) => (adult(profile).groups[2]!.limit = -6),
      field: 'customerTypes.adult_use.groups[2].limit',
      message: 'customerTypes.adult_use.groups[2].limit must be at least 0, not -6',
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
      'The state profile "(no id)" is not valid: the profile must be an object { … }, not null.',
    );
  });

  it('with an id that is not a country and a state is refused, saying what an id looks like', () => {
    expect(() => loadStateProfile({ ...CALIFORNIA, id: 'california' })).toThrow(
      'The state profile "california" is not valid: id must be the country and the state in lower case, as "us-ca", ' +
        'not "california".',
    );
  });

  it('lists every problem at once, for `servicepay profiles check`', () => {
    const profile = structuredClone(CALIFORNIA) as StateProfile;
    adult(profile).counting.FLOWER[0]!.group = 'flower';
    profile.customerTypes.medical.counting.VAPE[0]!.times = 7;
    expect(stateProfileProblems(profile)).toEqual([
      {
        field: 'customerTypes.adult_use.counting.FLOWER[0].group',
        problem: 'names "flower", which is not a group of adult_use',
      },
      { field: 'customerTypes.medical.counting.VAPE[0]', problem: 'needs both times and per, or neither' },
    ]);
    expect(stateProfileProblems(CALIFORNIA)).toEqual([]);
  });
});
