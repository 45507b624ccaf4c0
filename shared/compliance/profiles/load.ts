import { Value } from 'typebox/value';
import {
  COMPLIANCE_CATEGORIES,
  CUSTOMER_TYPES,
  StateProfileSchema,
  type CountRule,
  type CustomerRules,
  type LimitGroup,
  type ProfileDiscountRules,
  type StateProfile,
} from './schema.js';
import { schemaProblem, type ProfileProblem } from './schema-words.js';

export { fieldOf, type ProfileProblem } from './schema-words.js';

/**
 * Checking a state profile: the schema first, then what a schema cannot say (a rule names a group
 * that exists, a measure fits its group's unit…). A bad profile is a setup mistake, not a customer's:
 * the service refuses to start with it, and `servicepay profiles check FILE` lists its problems,
 * each naming the field and the rule in words, before any sale uses it.
 */

/** "customerTypes.adult_use.groups[0].limit must be a whole number, not 28.5" */
export const problemWords = ({ field, problem }: ProfileProblem) => `${field || 'the profile'} ${problem}`;

/** A state profile that cannot be used, and which field is wrong. */
export class ProfileError extends Error {
  /** The field at fault, in path form: `customerTypes.adult_use.groups[0].limit`. */
  readonly field: string;

  constructor(profileId: string, problem: ProfileProblem) {
    super(`The state profile "${profileId}" is not valid: ${problemWords(problem)}.`);
    this.name = 'ProfileError';
    this.field = problem.field;
  }
}

const UNIT_OF_MEASURE: Record<CountRule['by'], LimitGroup['unit']> = {
  weight: 'weight_mg',
  thc: 'thc_mg',
  units: 'count',
};

/** A group's `recommendationMaximum`: where a recommendation may change the limits, and not below the limit. */
function* maximumProblems(
  type: string,
  rules: CustomerRules,
  group: LimitGroup,
  field: string,
): Generator<ProfileProblem> {
  const mayChange = type === 'medical' && rules.recommendationMayChangeLimits === true;
  if (!mayChange && group.recommendationMaximum !== undefined) {
    yield {
      field: `${field}.recommendationMaximum`,
      problem: 'applies only to medical groups whose limits a recommendation may change',
    };
  } else if (mayChange && group.recommendationMaximum === undefined) {
    yield {
      field: `${field}.recommendationMaximum`,
      problem:
        "is missing: a recommendation may change the medical limits, so say the most it may set (the group's " +
        'limit keeps it at the state’s)',
    };
  } else if (mayChange && group.recommendationMaximum! < group.limit) {
    yield {
      field: `${field}.recommendationMaximum`,
      problem: `must not be below the group's limit (${group.limit})`,
    };
  }
}

/** The cross-reference problems of one customer type's rules. */
function* rulesProblems(type: string, rules: CustomerRules, nonCannabis: readonly string[]): Generator<ProfileProblem> {
  const at = `customerTypes.${type}`;
  const ids = new Set<string>();
  for (const [index, group] of rules.groups.entries()) {
    const field = `${at}.groups[${index}]`;
    if (ids.has(group.id)) yield { field: `${field}.id`, problem: `repeats the group "${group.id}"` };
    ids.add(group.id);
    if (group.younger && group.younger.underAge <= rules.minimumAge) {
      yield { field: `${field}.younger.underAge`, problem: `must be above the minimum age (${rules.minimumAge})` };
    }
    if (group.younger && group.younger.limit > group.limit) {
      yield { field: `${field}.younger.limit`, problem: `must not be above the group's limit (${group.limit})` };
    }
    yield* maximumProblems(type, rules, group, field);
  }
  for (const category of COMPLIANCE_CATEGORIES) {
    const counts = rules.counting[category];
    if (nonCannabis.includes(category) && counts.length > 0) {
      yield {
        field: `${at}.counting.${category}`,
        problem: 'counts toward a limit, but the profile says it is not cannabis',
      };
    }
    for (const [index, count] of counts.entries()) {
      const field = `${at}.counting.${category}[${index}]`;
      const group = rules.groups.find((candidate) => candidate.id === count.group);
      if (!group) {
        yield { field: `${field}.group`, problem: `names "${count.group}", which is not a group of ${type}` };
      } else if ((count.times === undefined) !== (count.per === undefined)) {
        yield { field, problem: 'needs both times and per, or neither' };
      } else if (count.times === undefined && UNIT_OF_MEASURE[count.by] !== group.unit) {
        yield {
          field: `${field}.by`,
          problem: `counts ${count.by} toward "${group.id}", which adds up ${group.unit}: give times and per to convert`,
        };
      }
    }
  }
  if (type !== 'medical' && rules.recommendationMayChangeLimits !== undefined) {
    yield { field: `${at}.recommendationMayChangeLimits`, problem: 'applies to medical customers only' };
  }
}

/** The cross-reference problems of the rules on discounts: a category named twice, a list for no floor. */
function* discountProblems(discounts: ProfileDiscountRules | undefined): Generator<ProfileProblem> {
  const named = discounts?.floorAppliesTo;
  if (!discounts || !named) return;
  if (discounts.floorCentsPerUnit === 0) {
    yield {
      field: 'discounts.floorAppliesTo',
      problem:
        'names categories, but floorCentsPerUnit is 0: there is no floor (give the least price, or leave it out)',
    };
  }
  for (const [index, category] of named.entries()) {
    const first = named.indexOf(category);
    if (first < index) {
      yield { field: `discounts.floorAppliesTo[${index}]`, problem: `repeats ${category} (floorAppliesTo[${first}])` };
    }
  }
}

/** What is wrong with `raw` as a state profile: nothing when it may be used. */
export function stateProfileProblems(raw: unknown): ProfileProblem[] {
  const problems: ProfileProblem[] = [];
  // Checked first: listing the errors walks the schema five times slower, and the shipped profiles
  // are read at every start of the service and the CLI (~17 ms each; bench:startup).
  const errors = Value.Check(StateProfileSchema, raw) ? [] : Value.Errors(StateProfileSchema, raw);
  for (const error of errors) {
    const problem = schemaProblem(raw, error);
    // An unknown field is reported by both its object and its own (false) schema: once is enough.
    if (!problems.some((known) => problemWords(known) === problemWords(problem))) problems.push(problem);
  }
  if (problems.length > 0) return problems;
  const profile = raw as StateProfile;
  if (profile.id.slice(3) !== profile.stateCode.toLowerCase()) {
    problems.push({
      field: 'stateCode',
      problem: `is "${profile.stateCode}", but the id "${profile.id}" names ${profile.id.slice(3).toUpperCase()}`,
    });
  }
  for (const type of CUSTOMER_TYPES) {
    problems.push(...rulesProblems(type, profile.customerTypes[type], profile.nonCannabisCategories));
  }
  problems.push(...discountProblems(profile.discounts));
  return problems;
}

/** A state profile checked and ready for use; throws a `ProfileError` naming the first bad field. */
export function loadStateProfile(raw: unknown): StateProfile {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id : '(no id)';
  const [first] = stateProfileProblems(raw);
  if (first) throw new ProfileError(id, first);
  return raw as StateProfile;
}
