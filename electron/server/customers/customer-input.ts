import {
  CUSTOMER_TYPES,
  formatAmount,
  type IsoDate,
  type LimitGroup,
  type StateProfile,
} from '../../../shared/compliance/index.js';
import type { MedicalRecommendationInput, NewCustomer } from '../../../shared/contracts/customers.js';
import * as check from '../../../shared/customers/customer-rules.js';
import type { Checked } from '../../../shared/customers/customer-rules.js';
import { LIMIT_MAX } from '../../../shared/numbers.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { CustomersTable } from '../db/schema.js';
import { nameKey } from './customer-keys.js';

/**
 * The rules of a customer's fields, each refusal naming the field and the rule in words. Pure:
 * given what was sent (a new customer, or a stored one with a change laid over it), the store's
 * today and its state profile, it answers the columns to store. A field's own rules are shared with
 * the back office's form (shared/customers/customer-rules.ts); a recommendation's own limits, by the
 * state profile and who is asking, are checked here alone.
 */

/** The columns a customer's fields fill (the rest are the row's identity and times). */
export type CustomerColumns = Omit<
  CustomersTable,
  'id' | 'organization_id' | 'dispensary_id' | 'created_at' | 'updated_at' | 'created_by_id' | 'created_by_name'
>;

/** What the rules need besides the fields. */
export interface CustomerRules {
  /** The store's calendar day. */
  today: IsoDate;
  profile: StateProfile;
  /** Whether who adds or changes the customer may set a recommendation's amount above the state's limit: a manager. */
  mayRaiseLimits: boolean;
  /** The recommendation's own amounts on file: a change that keeps one as it is needs no manager. */
  limitsOnFile?: Readonly<Record<string, number>> | null;
}

/** The value a rule answered, or INVALID_INPUT naming `field` and the rule it breaks. */
function must<T>(field: string, checked: Checked<T>): T {
  if (!checked.ok) throw invalidInput(field, checked.rule);
  return checked.value;
}

/** "907.184 g", "12 immature plants": an amount of a limit group in words. */
const amountOf = (group: LimitGroup, amount: number) =>
  group.unit === 'count' ? `${amount} ${group.name}` : formatAmount(amount, group.unit);

/**
 * A recommendation's own amount for `group`: never above the state's most for a recommendation;
 * above the state's limit only a manager may set it (one already on file may stay as it is).
 */
function ownAmount(group: LimitGroup, amount: number, rules: CustomerRules): void {
  const { profile } = rules;
  const field = `medical.limits.${group.id}`;
  const most = group.recommendationMaximum ?? group.limit;
  if (amount > most) {
    throw invalidInput(
      field,
      `must be at most ${amountOf(group, most)}, the most ${profile.stateName}'s rules let a recommendation set, ` +
        `not ${amountOf(group, amount)}`,
    );
  }
  if (amount > group.limit && !rules.mayRaiseLimits && rules.limitsOnFile?.[group.id] !== amount) {
    const per = profile.customerTypes.medical.period === 'day' ? 'a day' : 'a sale';
    throw new ServicePayError(
      'FORBIDDEN',
      `${field} above ${profile.stateName}'s ${amountOf(group, group.limit)} ${per} needs a manager: ask one to ` +
        'set it in the back office',
      { field },
    );
  }
}

/** The recommendation's own limits: only where the state allows them, by its medical groups. */
function limits(value: Record<string, number> | null | undefined, rules: CustomerRules): string | null {
  const { profile } = rules;
  if (value == null || Object.keys(value).length === 0) return null;
  const medicalRules = profile.customerTypes.medical;
  if (!medicalRules.recommendationMayChangeLimits) {
    throw invalidInput('medical.limits', `may not be set: ${profile.stateName}'s rules keep the state's limits`);
  }
  for (const [group, amount] of Object.entries(value)) {
    const known = medicalRules.groups.find((candidate) => candidate.id === group);
    if (!known) {
      const groups = medicalRules.groups.map((candidate) => candidate.id).join(', ');
      throw invalidInput(`medical.limits.${group}`, `is not a medical limit of ${profile.stateName} (${groups})`);
    }
    const unit = known.unit === 'count' ? 'a count' : 'milligrams';
    if (!Number.isSafeInteger(amount) || amount < 0 || amount > LIMIT_MAX) {
      throw invalidInput(`medical.limits.${group}`, `must be a whole number from 0 to ${LIMIT_MAX} (${unit})`);
    }
    ownAmount(known, amount, rules);
  }
  return JSON.stringify(value);
}

function medical(input: NewCustomer, rules: CustomerRules) {
  const given: MedicalRecommendationInput | null = input.medical ?? null;
  if (given === null) {
    if (input.customerType === 'medical') {
      throw invalidInput('medical', "is required for a medical customer: the recommendation's number and expiry");
    }
    return { medical_number: null, medical_expiry: null, medical_limits: null };
  }
  return {
    medical_number: must('medical.number', check.recommendationNumber(given.number)),
    medical_expiry: must('medical.expires', check.calendarDate(given.expires)),
    medical_limits: limits(given.limits, rules),
  };
}

/** The columns of a customer with these fields, or INVALID_INPUT naming the first field at fault. */
export function customerColumns(input: NewCustomer, rules: CustomerRules): CustomerColumns {
  const first = must('firstName', check.personName(input.firstName));
  const middle = must('middleName', check.middleName(input.middleName));
  const last = must('lastName', check.personName(input.lastName));
  const birth = must('dateOfBirth', check.birthDate(input.dateOfBirth, rules.today));
  const idType = must('idType', check.idType(input.idType));
  return {
    first_name: first,
    middle_name: middle,
    last_name: last,
    first_key: nameKey(first),
    last_key: nameKey(last),
    date_of_birth: birth,
    id_type: idType,
    id_number: must('idNumber', check.idNumber(input.idNumber)),
    id_jurisdiction: must('idJurisdiction', check.idJurisdiction(idType, input.idJurisdiction)),
    id_expiry: must('idExpiry', check.calendarDate(input.idExpiry)),
    customer_type: must('customerType', check.oneOf(input.customerType, CUSTOMER_TYPES)),
    ...medical(input, rules),
    phone: must('phone', check.phone(input.phone)),
    email: must('email', check.email(input.email)),
    notes: must('notes', check.notes(input.notes)),
    veteran: input.veteran ? 1 : 0,
  };
}
