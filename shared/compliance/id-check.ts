import { ageOn, birthdayOf, isIsoDate, longDate, type IsoDate } from './calendar.js';
import type { IdDocument } from './id-document.js';
import { CUSTOMER_TYPE_LABELS, type StateProfile } from './profiles/schema.js';

/**
 * The ID check at the start of a sale: is this ID valid today, and is its holder old enough for this
 * kind of sale under the store's state profile? "Today" is the store's calendar day, never the
 * computer's: `zonedDate(new Date(), store.timezone)` (shared/zoned-day.ts).
 */

/** A medical patient's recommendation (or state card): the register checks it is still valid. */
export interface MedicalRecommendation {
  /** The last day it is valid. */
  expires: IsoDate;
}

/** Who is buying: an adult-use customer, or a medical patient with their recommendation. */
export type IdCustomer = { type: 'adult_use' } | { type: 'medical'; recommendation: MedicalRecommendation };

/** What `checkId` needs. */
export interface IdCheckInput {
  /** From `parseAamva`, or typed by the cashier. */
  id: Pick<IdDocument, 'dateOfBirth' | 'expiry'>;
  customer: IdCustomer;
  /** The store's calendar day, `YYYY-MM-DD`. */
  today: IsoDate;
  profile: StateProfile;
}

/** Why an ID check refused. */
export type IdProblem = 'not_a_date' | 'born_after_today' | 'id_expired' | 'recommendation_expired' | 'under_age';

/** A verified customer and their age, or a refusal with the reason in words. */
export type IdCheck =
  { verified: true; age: number } | { verified: false; problem: IdProblem; reason: string; age?: number };

const refuse = (problem: IdProblem, reason: string, age?: number): IdCheck => ({
  verified: false,
  problem,
  reason,
  ...(age === undefined ? {} : { age }),
});

/**
 * Verifies an ID for a sale. An ID (or a recommendation) is valid through its expiry date and refused
 * the day after. A customer is old enough from the day of the birthday that reaches the profile's
 * age; someone born on February 29 reaches it on March 1 in a year without February 29.
 */
export function checkId({ id, customer, today, profile }: IdCheckInput): IdCheck {
  if (!isIsoDate(today)) throw new Error(`checkId needs the store's day as YYYY-MM-DD, not "${today}"`);
  const dates: [string, string][] = [
    ['date of birth', id.dateOfBirth],
    ['expiry date', id.expiry],
    ...(customer.type === 'medical'
      ? [['recommendation expiry date', customer.recommendation.expires] as [string, string]]
      : []),
  ];
  for (const [name, value] of dates) {
    if (!isIsoDate(value)) return refuse('not_a_date', `The ${name} "${value}" is not a real date.`);
  }
  if (id.dateOfBirth > today) return refuse('born_after_today', 'The date of birth is after today: check the ID.');
  const age = ageOn(id.dateOfBirth, today);
  if (id.expiry < today) return refuse('id_expired', `This ID expired on ${longDate(id.expiry)}.`, age);
  if (customer.type === 'medical' && customer.recommendation.expires < today) {
    const expired = longDate(customer.recommendation.expires);
    return refuse('recommendation_expired', `The medical recommendation expired on ${expired}.`, age);
  }
  const minimumAge = profile.customerTypes[customer.type].minimumAge;
  if (age < minimumAge) {
    const birthday = longDate(birthdayOf(id.dateOfBirth, minimumAge));
    const sales = CUSTOMER_TYPE_LABELS[customer.type];
    return refuse(
      'under_age',
      `The customer is ${age}: ${sales} sales need ${minimumAge} (the customer turns ${minimumAge} on ${birthday}).`,
      age,
    );
  }
  return { verified: true, age };
}

/**
 * Whether a sale of these categories needs a verified customer: always when it holds cannabis;
 * for non-cannabis goods only, unless the state allows skipping the check and the store chose to.
 */
export function needsIdCheck(
  profile: StateProfile,
  categories: Iterable<string>,
  storeSkipsIdForAccessories: boolean,
): boolean {
  const cannabis = [...categories].some(
    (category) => !(profile.nonCannabisCategories as readonly string[]).includes(category),
  );
  return cannabis || !(profile.accessoryOnlyMaySkipIdCheck && storeSkipsIdForAccessories);
}
