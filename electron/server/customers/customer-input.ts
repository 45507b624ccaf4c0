import {
  CUSTOMER_TYPES,
  formatAmount,
  isIsoDate,
  isJurisdictionCode,
  type IsoDate,
  type LimitGroup,
  type StateProfile,
} from '../../../shared/compliance/index.js';
import {
  CUSTOMER_ID_TYPES,
  type MedicalRecommendationInput,
  type NewCustomer,
} from '../../../shared/contracts/customers.js';
import { LIMIT_MAX } from '../../../shared/numbers.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { CustomersTable } from '../db/schema.js';
import { hasLetter, idNumberKey, nameKey, normalizePhone } from './customer-keys.js';

/**
 * The rules of a customer's fields, each refusal naming the field and the rule in words. Pure:
 * given what was sent (a new customer, or a stored one with a change laid over it), the store's
 * today and its state profile, it answers the columns to store.
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

const NAME_MAX = 100;
const EARLIEST_BIRTH = '1900-01-01';

/** Trimmed, inner runs of spaces made one; '' when only spaces were sent. */
const tidy = (text: string) => text.trim().replace(/\s+/g, ' ');

/** An optional text: trimmed, null when empty or left out. */
const optional = (text: string | null | undefined) => (text == null || tidy(text) === '' ? null : tidy(text));

function name(field: string, text: string): string {
  const value = tidy(text);
  if (value.length < 1 || value.length > NAME_MAX) throw invalidInput(field, `must have 1 to ${NAME_MAX} characters`);
  if (!hasLetter(value)) throw invalidInput(field, 'must have a letter');
  return value;
}

/** One of `allowed` (the HTTP schema says so already; the command line does not). */
function oneOf<T extends string>(field: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidInput(field, `must be one of ${allowed.join(', ')}, not "${value}"`);
  }
  return value as T;
}

function date(field: string, text: string): IsoDate {
  const value = text.trim();
  if (!isIsoDate(value)) throw invalidInput(field, `must be a real date as YYYY-MM-DD, not "${text}"`);
  return value;
}

function idNumber(text: string): string {
  if (/[^A-Za-z0-9\s.-]/.test(text)) {
    throw invalidInput('idNumber', 'may hold only letters and digits (spaces, dots and dashes are ignored)');
  }
  const key = idNumberKey(text);
  if (key.length < 4 || key.length > 25) throw invalidInput('idNumber', 'must have 4 to 25 letters and digits');
  return key;
}

function jurisdiction(text: string): string {
  const value = text.trim().toUpperCase();
  if (!/^[A-Z]{2,3}$/.test(value)) {
    throw invalidInput(
      'idJurisdiction',
      'must be the issuing state or province as 2 letters ("CA"), or the country of a passport as 3 ("USA")',
    );
  }
  if (value.length === 2 && !isJurisdictionCode(value)) {
    throw invalidInput(
      'idJurisdiction',
      `must be the issuing state or province as 2 letters ("CA"): "${value}" is not a US state or territory or a Canadian province or territory`,
    );
  }
  return value;
}

function phone(text: string | null | undefined): string | null {
  const value = optional(text);
  if (value === null) return null;
  const result = normalizePhone(value);
  if (!result.ok) throw invalidInput('phone', result.rule);
  return result.digits;
}

function email(text: string | null | undefined): string | null {
  const value = optional(text);
  if (value !== null && !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value)) {
    throw invalidInput('email', `must look like name@example.com, not "${value}"`);
  }
  return value;
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
  const number = tidy(given.number);
  if (number.length < 1 || number.length > 40) throw invalidInput('medical.number', 'must have 1 to 40 characters');
  return {
    medical_number: number,
    medical_expiry: date('medical.expires', given.expires),
    medical_limits: limits(given.limits, rules),
  };
}

/** The columns of a customer with these fields, or INVALID_INPUT naming the first field at fault. */
export function customerColumns(input: NewCustomer, rules: CustomerRules): CustomerColumns {
  const { today } = rules;
  const first = name('firstName', input.firstName);
  const middle = optional(input.middleName);
  if (middle !== null && middle.length > NAME_MAX) {
    throw invalidInput('middleName', `must have at most ${NAME_MAX} characters`);
  }
  const last = name('lastName', input.lastName);
  const birth = date('dateOfBirth', input.dateOfBirth);
  if (birth >= today) throw invalidInput('dateOfBirth', `must be in the past, not ${birth}`);
  if (birth < EARLIEST_BIRTH) throw invalidInput('dateOfBirth', `must be after ${EARLIEST_BIRTH}, not ${birth}`);
  return {
    first_name: first,
    middle_name: middle,
    last_name: last,
    first_key: nameKey(first),
    last_key: nameKey(last),
    date_of_birth: birth,
    id_type: oneOf('idType', input.idType, CUSTOMER_ID_TYPES),
    id_number: idNumber(input.idNumber),
    id_jurisdiction: jurisdiction(input.idJurisdiction),
    id_expiry: date('idExpiry', input.idExpiry),
    customer_type: oneOf('customerType', input.customerType, CUSTOMER_TYPES),
    ...medical(input, rules),
    phone: phone(input.phone),
    email: email(input.email),
    notes: input.notes?.trim() || null,
    veteran: input.veteran ? 1 : 0,
  };
}
