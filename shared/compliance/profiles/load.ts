import { Value } from 'typebox/value';
import type { TLocalizedValidationError } from 'typebox/error';
import {
  COMPLIANCE_CATEGORIES,
  CUSTOMER_TYPES,
  StateProfileSchema,
  type CountRule,
  type CustomerRules,
  type LimitGroup,
  type StateProfile,
} from './schema.js';

/**
 * Loading a state profile: the schema first, then what a schema cannot say (a rule names a group
 * that exists, a measure fits its group's unit…). A bad profile is a setup mistake, not a customer's:
 * it throws a `ProfileError` naming the profile, the field and the rule, before any sale uses it.
 */

/** A state profile that cannot be used, and which field is wrong. */
export class ProfileError extends Error {
  /** The field at fault, in path form: `customerTypes.adult_use.groups[0].limit`. */
  readonly field: string;

  constructor(profileId: string, field: string, problem: string) {
    super(`The state profile "${profileId}" is not valid: ${field} ${problem}.`);
    this.name = 'ProfileError';
    this.field = field;
  }
}

/** "/customerTypes/adult_use/groups/0/limit" → "customerTypes.adult_use.groups[0].limit" */
function fieldOf(pointer: string, child?: string): string {
  const steps = [...pointer.split('/').slice(1), ...(child === undefined ? [] : [child])];
  return steps.reduce((path, step) => (/^\d+$/.test(step) ? `${path}[${step}]` : path ? `${path}.${step}` : step), '');
}

function schemaProblem(error: TLocalizedValidationError): [string, string] {
  const params = error.params as { requiredProperties?: string[]; additionalProperties?: string[] };
  if (params.requiredProperties) return [fieldOf(error.instancePath, params.requiredProperties[0]), 'is missing'];
  if (params.additionalProperties) {
    return [fieldOf(error.instancePath, params.additionalProperties[0]), 'is not a field of a state profile'];
  }
  return [fieldOf(error.instancePath) || 'the profile', error.message];
}

const UNIT_OF_MEASURE: Record<CountRule['by'], LimitGroup['unit']> = {
  weight: 'weight_mg',
  thc: 'thc_mg',
  units: 'count',
};

/** The first cross-reference problem of one customer type's rules, as [field, problem]. */
function rulesProblem(
  type: string,
  rules: CustomerRules,
  nonCannabis: readonly string[],
): [string, string] | undefined {
  const at = `customerTypes.${type}`;
  const ids = new Set<string>();
  for (const [index, group] of rules.groups.entries()) {
    if (ids.has(group.id)) return [`${at}.groups[${index}].id`, `repeats the group "${group.id}"`];
    ids.add(group.id);
    if (group.younger && group.younger.underAge <= rules.minimumAge) {
      return [`${at}.groups[${index}].younger.underAge`, `must be above the minimum age (${rules.minimumAge})`];
    }
    if (group.younger && group.younger.limit > group.limit) {
      return [`${at}.groups[${index}].younger.limit`, `must not be above the group's limit (${group.limit})`];
    }
  }
  for (const category of COMPLIANCE_CATEGORIES) {
    const counts = rules.counting[category];
    if (nonCannabis.includes(category) && counts.length > 0) {
      return [`${at}.counting.${category}`, 'counts toward a limit, but the profile says it is not cannabis'];
    }
    for (const [index, count] of counts.entries()) {
      const field = `${at}.counting.${category}[${index}]`;
      const group = rules.groups.find((candidate) => candidate.id === count.group);
      if (!group) return [`${field}.group`, `names "${count.group}", which is not a group of ${type}`];
      if ((count.times === undefined) !== (count.per === undefined))
        return [field, 'needs both times and per, or neither'];
      if (count.times === undefined && UNIT_OF_MEASURE[count.by] !== group.unit) {
        return [
          `${field}.by`,
          `counts ${count.by} toward "${group.id}", which adds up ${group.unit}: give times and per to convert`,
        ];
      }
    }
  }
  if (type !== 'medical' && rules.recommendationMayChangeLimits !== undefined) {
    return [`${at}.recommendationMayChangeLimits`, 'applies to medical customers only'];
  }
  return undefined;
}

/** A state profile checked and ready for use; throws a `ProfileError` naming the first bad field. */
export function loadStateProfile(raw: unknown): StateProfile {
  const id = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id : '(no id)';
  const errors = Value.Errors(StateProfileSchema, raw).filter((error) => error.keyword !== 'boolean');
  if (errors.length > 0) throw new ProfileError(id, ...schemaProblem(errors[0]!));
  const profile = raw as StateProfile;
  for (const type of CUSTOMER_TYPES) {
    const problem = rulesProblem(type, profile.customerTypes[type], profile.nonCannabisCategories);
    if (problem) throw new ProfileError(id, ...problem);
  }
  return profile;
}
